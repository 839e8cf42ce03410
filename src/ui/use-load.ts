// Loads one thing through the worker and says whether it is loading or failed; `reload` runs it
// again (pull-down refresh, retry, after a change). What was shown stays while a reload runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../../workers/facade.ts';
import { refusalText } from './failure-toast.ts';
import { type LoadKey, loadKeyId, useLatest } from './load-key.ts';

export interface Load<T> {
  /** From the last load that succeeded; null before the first one. */
  data: T | null;
  loading: boolean;
  /** The last load failed (a business error was already toasted by the worker). */
  failed: boolean;
  /**
   * The server's words when the last load was refused, for a page that says them itself in place
   * of what it would have shown (its call asked the worker not to toast them).
   */
  refusal: string | null;
  reload(): Promise<void>;
}

/**
 * Loads when the page opens and again when `key` changes by value (load-key.ts), never on a mere
 * render: `load` and `known` may be inline arrows, the newest are used. `known`, when given,
 * answers what was shown last time (the worker keeps it in the log): shown at once, as loading,
 * until `load` answers, so a page opened again does not start blank.
 */
export function useLoad<T>(
  key: LoadKey,
  load: () => Promise<Outcome<T>>,
  known?: () => Promise<T | null>,
): Load<T> {
  const [state, setState] = useState<Omit<Load<T>, 'reload'>>({
    data: null,
    loading: true,
    failed: false,
    refusal: null,
  });
  const latest = useRef(0);
  const current = useLatest({ load, known });
  const id = loadKeyId(key);

  const reload = useCallback(async () => {
    // Only the newest call may set the state: a slow first load must not undo a refresh.
    const call = ++latest.current;
    setState((shown) => ({ ...shown, loading: true }));
    const outcome = await current.current.load().catch(() => null);
    if (call !== latest.current) return;
    setState((shown) =>
      outcome?.ok
        ? { data: outcome.data, loading: false, failed: false, refusal: null }
        : { data: shown.data, loading: false, failed: true, refusal: refusalText(outcome) },
    );
  }, [current]);

  useEffect(() => {
    // Asked once for each thing loaded.
    void id;
    const ask = current.current.known;
    if (!ask) return;
    let live = true;
    void ask().then((data) => {
      // What was known fills only a blank page: it never replaces an answer.
      if (live && data !== null)
        setState((shown) => (shown.data === null ? { ...shown, data } : shown));
    });
    return () => {
      live = false;
    };
  }, [id, current]);

  useEffect(() => {
    // Loaded once for each thing loaded: a render alone loads nothing.
    void id;
    void reload();
    // Leaving the page makes any answer still on its way stale.
    return () => {
      latest.current++;
    };
  }, [id, reload]);

  return { ...state, reload };
}
