// When the chart asks the worker for older candles: the user is at (or near) the left edge, the
// worker says more history exists and is not already fetching it, and this chart has not asked
// already for the same oldest candle. The last rule keeps one drag from sending a request per
// frame before the worker's `loading` comes back, and a failed fetch from being retried in a loop:
// it is asked again only after history arrived or the user starts a new gesture.

export interface OlderRequestState {
  /** Open time of the oldest candle when the chart last asked; null when it may ask. */
  askedAt: number | null;
}

export function shouldAskOlder(
  state: OlderRequestState,
  nearLeftEdge: boolean,
  view: { hasOlder: boolean; loading: boolean },
): boolean {
  return nearLeftEdge && view.hasOlder && !view.loading && state.askedAt === null;
}

/** The oldest candle changed (history arrived, or a new series): asking is allowed again. */
export function afterNewOldest(state: OlderRequestState, oldestTime: number): OlderRequestState {
  return state.askedAt !== null && !Object.is(state.askedAt, oldestTime)
    ? { askedAt: null }
    : state;
}

/** A new gesture after the fetch ended (say, it failed): the user may pull again. */
export function afterGestureStart(
  state: OlderRequestState,
  view: { loading: boolean },
): OlderRequestState {
  return state.askedAt !== null && !view.loading ? { askedAt: null } : state;
}
