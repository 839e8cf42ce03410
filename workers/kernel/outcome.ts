// What a call hands the UI: an outcome rather than an exception (none crosses the worker
// boundary), and lists a page at a time.
import type { ApiFailure } from './api-client.ts';

/** A call's outcome as the UI receives it. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

/** One page of a list, newest first; `more` when later pages exist. */
export interface ListPage<T> {
  rows: readonly T[];
  page: number;
  more: boolean;
}

/** Maps a successful outcome's data; a failure passes through as it is. */
export function mapOutcome<T, R>(outcome: Outcome<T>, map: (data: T) => R): Outcome<R> {
  return outcome.ok ? { ok: true, data: map(outcome.data) } : outcome;
}

/** A page of the server's paged answer as rows for the UI. */
export function pageOf<T, R>(
  data: { list: readonly T[]; total: number; page: number; size: number },
  row: (item: T) => R,
): ListPage<R> {
  return {
    rows: data.list.map(row),
    page: data.page,
    more: data.page * data.size < data.total,
  };
}
