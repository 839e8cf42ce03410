// A list the server hands out in pages, newest first: the first page on arrival, the next ones on
// "load more"; `reload` starts again from the first page (a new filter, a refresh, a change).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage, Outcome } from '../../workers/facade.ts';
import { refusalText } from './failure-toast.ts';

export interface PagedList<T> {
  rows: readonly T[];
  /** Whether a first page has arrived. */
  loaded: boolean;
  loading: boolean;
  failed: boolean;
  /** The server's words when the last page was refused (see `useLoad`). */
  refusal: string | null;
  more: boolean;
  loadMore(): void;
  reload(): Promise<void>;
}

interface State<T> {
  rows: readonly T[];
  page: number;
  loaded: boolean;
  loading: boolean;
  failed: boolean;
  refusal: string | null;
  more: boolean;
}

/** Module-level, so the default is the same function on every render. */
const idOf = (row: unknown) => (row as { id: number }).id;

const initial = {
  rows: [],
  page: 0,
  loaded: false,
  loading: true,
  failed: false,
  refusal: null,
  more: false,
};

/**
 * `loadPage` must be stable (a `useCallback`): a new one starts the list again. `keyOf` names a
 * row uniquely (its id unless said otherwise).
 */
export function usePagedList<T>(
  loadPage: (page: number) => Promise<Outcome<ListPage<T>>>,
  keyOf: (row: T) => string | number = idOf,
): PagedList<T> {
  const [state, setState] = useState<State<T>>(initial);
  const latest = useRef(0);

  const fetchPage = useCallback(
    async (page: number) => {
      const call = ++latest.current;
      setState((shown) => ({ ...shown, loading: true }));
      const outcome = await loadPage(page).catch(() => null);
      if (call !== latest.current) return;
      setState((shown) => {
        if (!outcome?.ok) {
          return { ...shown, loading: false, failed: true, refusal: refusalText(outcome) };
        }
        const { rows, more } = outcome.data;
        // A row already shown may come again when newer rows pushed the pages along.
        const seen = new Set(shown.rows.map(keyOf));
        return {
          rows: page === 1 ? rows : [...shown.rows, ...rows.filter((row) => !seen.has(keyOf(row)))],
          page,
          loaded: true,
          loading: false,
          failed: false,
          refusal: null,
          more,
        };
      });
    },
    [loadPage, keyOf],
  );

  const reload = useCallback(() => fetchPage(1), [fetchPage]);

  useEffect(() => {
    setState(initial);
    void fetchPage(1);
    return () => {
      latest.current++;
    };
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (!state.loading && state.more) void fetchPage(state.page + 1);
  }, [fetchPage, state.loading, state.more, state.page]);

  return { ...state, loadMore, reload };
}
