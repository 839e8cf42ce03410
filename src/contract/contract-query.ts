// The perpetual pages' addresses: the trade page of a market (`?symbol=BTCUSDT`), the history, and
// the share card of a position (`?position=12` while open, `?closed=12` once closed). A missing or
// malformed value falls back to the default market, or to no card, since a link may be shared.
import type { ShareRef } from '../../workers/facade.ts';
import { parseSymbol } from '../market/market-query.ts';

export const contractListPath = '/pages/contract/index';
export const contractTradePath = '/pages/contract/trade';
export const contractHistoryPath = '/pages/contract/history';
export const contractSharePath = '/pages/contract/share';

export const parseContractSymbol = parseSymbol;

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function parseShareRef(search: Readonly<Record<string, unknown>>): ShareRef | null {
  const open = positiveId(search.position);
  if (open !== null) return { kind: 'open', id: open };
  const closed = positiveId(search.closed);
  return closed === null ? null : { kind: 'closed', id: closed };
}

/** The search of a link to a position's share card (ids as numbers: `?closed=12`, not quoted). */
export function shareSearch(ref: ShareRef): Record<string, number> {
  return ref.kind === 'open' ? { position: ref.id } : { closed: ref.id };
}
