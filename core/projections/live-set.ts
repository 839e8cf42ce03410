// A set of the user's own things that live for a while and then finish for good (a resting
// contract order until it fills or is cancelled, a second contract until it settles), by id:
// seeded by the first page of a list of the live ones, changed by the answers of the user's calls
// and by the private channel's frames (each thing as it now stands). A finished thing leaves the
// live ones for the list of finished ones, which says how it ended and keeps an older state read
// before it finished from bringing it back.

export interface LiveSet<T> {
  byId: Readonly<Record<number, T>>;
  /** Where each live thing's newest state was logged. */
  seenAt: Readonly<Record<number, number>>;
  /** Where the last request for the live list was logged; 0 before any. */
  requestedAt: number;
  /** Things seen finishing, as they ended, the last to finish last. */
  finished: readonly T[];
}

export interface LiveRules<T> {
  isLive(item: T): boolean;
  /** Whether a state may replace the one shown (not an older one read late). */
  isNewer(next: T, shown: T | undefined): boolean;
  /** Finished things remembered; the first to finish go first. */
  kept: number;
}

export function emptyLiveSet<T>(): LiveSet<T> {
  return { byId: {}, seenAt: {}, requestedAt: 0, finished: [] };
}

/** How a thing ended, when it was seen finishing. */
export function finishedItem<T extends { id: number }>(state: LiveSet<T>, id: number): T | null {
  return state.finished.find((item) => item.id === id) ?? null;
}

/**
 * Things as they now stand. Live ones are kept; a finished one leaves, and is remembered when it
 * was live here or `unseen` is set (a frame or an answer about the user's own thing, which may
 * come before it was known); a page of a history list leaves unseen ones alone.
 */
export function mergeLive<T extends { id: number }>(
  state: LiveSet<T>,
  items: readonly T[],
  seq: number,
  unseen: boolean,
  rules: LiveRules<T>,
): LiveSet<T> {
  let byId: Record<number, T> | undefined;
  let seenAt: Record<number, number> | undefined;
  const ended: T[] = [];
  for (const item of items) {
    const shown = byId?.[item.id] ?? state.byId[item.id];
    if (!rules.isNewer(item, shown)) continue;
    if (finishedItem(state, item.id) || ended.some((done) => done.id === item.id)) continue;
    const live = rules.isLive(item);
    if (!live && !shown && !unseen) continue;
    byId ??= { ...state.byId };
    seenAt ??= { ...state.seenAt };
    if (live) {
      byId[item.id] = item;
      seenAt[item.id] = seq;
    } else {
      delete byId[item.id];
      delete seenAt[item.id];
      ended.push(item);
    }
  }
  if (!byId || !seenAt) return state;
  const finished = ended.length === 0 ? state.finished : [...state.finished, ...ended];
  return { ...state, byId, seenAt, finished: finished.slice(-rules.kept) };
}

/**
 * The first page of the live list says what is live: it replaces what is known, except things a
 * frame or an answer told of after the request (the page may have been read before them).
 */
export function seedLive<T extends { id: number }>(
  state: LiveSet<T>,
  list: readonly T[],
  seq: number,
  rules: LiveRules<T>,
): LiveSet<T> {
  const byId: Record<number, T> = {};
  const seenAt: Record<number, number> = {};
  for (const [key, item] of Object.entries(state.byId)) {
    const id = Number(key);
    const at = state.seenAt[id] ?? 0;
    if (at <= state.requestedAt) continue;
    byId[id] = item;
    seenAt[id] = at;
  }
  return mergeLive({ ...state, byId, seenAt }, list, seq, false, rules);
}

/** Live things, newest first (ids grow with time); of one market when `symbol` is given. */
export function liveItems<T extends { id: number; symbol: string }>(
  state: LiveSet<T>,
  symbol?: string,
): T[] {
  return Object.values(state.byId)
    .filter((item) => symbol === undefined || item.symbol === symbol)
    .sort((a, b) => b.id - a.id);
}

/** The operations of one kind of live set, bound to its rules. */
export function liveSetOf<T extends { id: number; symbol: string }>(rules: LiveRules<T>) {
  return {
    /** The user's own things as a frame or a call's answer tells them. */
    merge: (state: LiveSet<T>, items: readonly T[], seq: number) =>
      mergeLive(state, items, seq, true, rules),
    /** A page of a history list: it may show a live thing finished. */
    mergeListed: (state: LiveSet<T>, items: readonly T[], seq: number) =>
      mergeLive(state, items, seq, false, rules),
    seed: (state: LiveSet<T>, list: readonly T[], seq: number) => seedLive(state, list, seq, rules),
    live: (state: LiveSet<T>, symbol?: string) => liveItems(state, symbol),
    finished: (state: LiveSet<T>, id: number) => finishedItem(state, id),
  };
}
