// Spot's money movements: an order's freeze and release, and each fill's settlement (both assets
// of both sides, fees included). A fill's record reads
// as the trade it settled (server/spot/record-trades.ts).
import {
  colonReference,
  defineProductLedger,
  type KindsOf,
  kind,
  type ReferenceFormat,
} from '../ledger/kinds.ts';
import { fillTrades } from './record-trades.ts';

export const freezeReference = colonReference('spot:freeze', { order: 'int' });
/** `spot:release:<order>`, or `…:rest` for what a resting order no longer needs. */
export const releaseReference: ReferenceFormat<{ order: number; resting: boolean }> = {
  build: ({ order, resting }) => `spot:release:${order}${resting ? ':rest' : ''}`,
  parse(text) {
    const match = /^spot:release:([0-9]+)(:rest)?$/.exec(text);
    return match ? { order: Number(match[1]), resting: match[2] !== undefined } : null;
  },
};
/** The taker order's n-th fill (from 0). */
export const fillReference = colonReference('spot:fill', { takerOrder: 'int', n: 'int' });
const orderLink = { to: 'spot_order', id: (parts: { order: number }) => parts.order } as const;

export const spotLedger = defineProductLedger({
  product: 'spot',
  kinds: {
    'trade.freeze': kind({
      reference: freezeReference,
      record: { type: 'trade', label: 'trade', sign: 'balance', links: orderLink },
    }),
    'trade.release': kind({
      reference: releaseReference,
      record: { type: 'trade', label: 'trade', sign: 'balance', links: orderLink },
    }),
    'trade.fill': kind({
      reference: fillReference,
      record: {
        type: 'trade',
        label: 'trade',
        sign: 'balance',
        links: { to: 'spot_order', id: (parts) => parts.takerOrder },
        trades: fillTrades,
      },
    }),
  },
  systemAccounts: [],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof spotLedger> {}
}
