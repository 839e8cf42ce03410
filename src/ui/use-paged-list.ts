// A list the server hands out in pages, newest first: the first page on arrival, the next ones on
// "load more"; `reload` starts again from the first page (a refresh, a change). A new `key` (a new
// filter) starts the list afresh.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListPage, Outcome } from '../../workers/facade.ts';
import { refusalText } from './failure-toast.ts';
import { type LoadKey, loadKeyId, useLatest } from './load-key.ts';

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
 * A page of rows added to those shown: the first page replaces them; a later one adds the rows
 * not shown yet (a row shown may come again when newer rows pushed the pages along). `keyOf`
 * names a row uniquely.
 */
export function withPage<T>(
  shown: readonly T[],
  page: number,
  rows: readonly T[],
  keyOf: (row: T) => string | number,
): readonly T[] {
  if (page === 1) return rows;
  const seen = new Set(shown.map(keyOf));
  return [...shown, ...rows.filter((row) => !seen.has(keyOf(row)))];
}

/**
 * The list of `key` (load-key.ts): its first page when the page opens and whenever `key` changes
 * by value, never on a mere render. `loadPage` and `keyOf` (a row's unique name, its id unless
 * said otherwise) may be inline arrows: the newest are used.
 */
export function usePagedList<T>(
  key: LoadKey,
  loadPage: (page: number) => Promise<Outcome<ListPage<T>>>,
  keyOf: (row: T) => string | number = idOf,
): PagedList<T> {
  const [state, setState] = useState<State<T>>(initial);
  const latest = useRef(0);
  const current = useLatest({ loadPage, keyOf });
  const id = loadKeyId(key);

  const fetchPage = useCallback(
    async (page: number) => {
      const call = ++latest.current;
      setState((shown) => ({ ...shown, loading: true }));
      const outcome = await current.current.loadPage(page).catch(() => null);
      if (call !== latest.current) return;
      setState((shown) => {
        if (!outcome?.ok) {
          return { ...shown, loading: false, failed: true, refusal: refusalText(outcome) };
        }
        const { rows, more } = outcome.data;
        return {
          rows: withPage(shown.rows, page, rows, current.current.keyOf),
          page,
          loaded: true,
          loading: false,
          failed: false,
          refusal: null,
          more,
        };
      });
    },
    [current],
  );

  const reload = useCallback(() => fetchPage(1), [fetchPage]);

  useEffect(() => {
    // A list of something else starts blank; a render alone loads nothing.
    void id;
    setState(initial);
    void fetchPage(1);
    return () => {
      latest.current++;
    };
  }, [id, fetchPage]);

  const loadMore = useCallback(() => {
    if (!state.loading && state.more) void fetchPage(state.page + 1);
  }, [fetchPage, state.loading, state.more, state.page]);

  return { ...state, loadMore, reload };
}
