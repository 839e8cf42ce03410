// The share card's query: `?position=12` while the position is open, `?closed=12` once closed.
// Its route reads it (src/routes/route-search.ts: a malformed id is left out, so no card shows);
// these turn it into the card's reference and back.
import type { ShareRef } from '../../workers/facade.ts';

/** The card the share page's query names (its route has kept only positive whole ids). */
export function parseShareRef(search: {
  position: number | undefined;
  closed: number | undefined;
}): ShareRef | null {
  if (search.position !== undefined) return { kind: 'open', id: search.position };
  return search.closed === undefined ? null : { kind: 'closed', id: search.closed };
}

/** The search of a link to a position's share card (ids as numbers: `?closed=12`, not quoted). */
export function shareSearch(ref: ShareRef): { position: number } | { closed: number } {
  return ref.kind === 'open' ? { position: ref.id } : { closed: ref.id };
}
