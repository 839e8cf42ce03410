// A live view, defined in one place: the part of the fold it is drawn from, the socket channels it
// holds while watched, what it loads, and the payload its watchers get, formatted for the locale.
import type { ClientView } from '../../core/projections/client-view.ts';
import type { DomainContext, Reload } from './context.ts';

export interface ViewDefinition<Payload, Params = undefined, Memo = undefined> {
  /**
   * The part of the fold it is drawn from, or an array of parts: folds return the same object
   * when nothing changed, so an unchanged source is not sent again.
   */
  source(view: ClientView, params: Params): unknown;
  /** What a watcher gets; `memo` is the watcher's own state between payloads. */
  payload(view: ClientView, params: Params, locale: string, memo: Memo): Payload;
  /** Socket channels held while it is watched. */
  channels?(params: Params): readonly string[];
  /** Loads what it shows when first watched, and again on `reloadOn`. */
  load?(params: Params, context: DomainContext): void;
  reloadOn?: readonly Reload[];
  /** A watcher's own state (a chart's number columns, converted incrementally). */
  memo?(): Memo;
  /** What crosses to the UI thread: moved buffers rather than copies. */
  transfer?(payload: Payload): Payload;
  /**
   * Sent at most once in this many ms (the latest state, never lost): for a view whose every
   * change costs the page a redraw that nobody can follow at sixty a second.
   */
  everyMs?: number;
}

/**
 * How often a live market view (prices, a book, trades, a trade page) is sent at most: ten times
 * a second, as the exchanges' own ticker and depth streams update; a page drawing every frame of
 * a flood spends the phone's main thread on changes nobody can read.
 */
export const liveEveryMs = 100;

export function defineView<Payload, Params = undefined, Memo = undefined>(
  definition: ViewDefinition<Payload, Params, Memo>,
): ViewDefinition<Payload, Params, Memo> {
  return definition;
}

export type PayloadOf<V> = V extends ViewDefinition<infer P, infer _A, infer _M> ? P : never;
export type ParamsOf<V> = V extends ViewDefinition<infer _P, infer A, infer _M> ? A : never;

/** A source is one part of the fold, or a few (an array of them): compared part by part. */
export function sameSource(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((part, i) => part === b[i]);
}
