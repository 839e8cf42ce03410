// Futures' money movements: an order's margin frozen and released, each fill's settlement (margin,
// fee and realised PnL of both sides in one posting), margin moved in and out of a position,
// funding, liquidation, auto-deleveraging and the insurance fund's cover of a shortfall; and the
// clearing account on the other side of every realised PnL.
import {
  type AccountsOf,
  colonReference,
  defineProductLedger,
  type KindsOf,
  kind,
  type ReferenceFormat,
} from '../ledger/kinds.ts';

export const contractFreezeReference = colonReference('contract:freeze', { order: 'int' });
export const contractReleaseReference = colonReference('contract:release', { order: 'int' });
export const contractFillReference = colonReference('contract:fill', {
  takerOrder: 'int',
  makerOrder: 'int',
});
/** A change to a position's margin or leverage: the position and the batch's next order id. */
export const marginReference = colonReference('contract:margin', { position: 'int', n: 'int' });
export const leverageReference = colonReference('contract:leverage', { position: 'int', n: 'int' });
export const liquidationReference = colonReference('contract:liquidation', { position: 'int' });
export const deleveragingReference = colonReference('contract:adl', {
  order: 'int',
  counterOrder: 'int',
});
/** One funding time of one market: every open position's payment in one posting (rounds paid whole, before slices). */
export const fundingReference = colonReference('contract:funding', { symbol: 'text', time: 'int' });
/** Payments of one round to some of its positions: the round and the lowest position id paid. */
export const fundingPaymentReference = colonReference('contract:funding-payment', {
  symbol: 'text',
  time: 'int',
  position: 'int',
});
/** A round's end: its rounding from the funding account to the insurance fund. */
export const fundingCloseReference = colonReference('contract:funding-close', {
  symbol: 'text',
  time: 'int',
});
/** The insurance fund's cover of a user's loss in the movement `of`. */
export const shortfallReference: ReferenceFormat<{ of: string; user: number }> = {
  build: ({ of, user }) => `${of}:shortfall:${user}`,
  parse(text) {
    const at = text.lastIndexOf(':shortfall:');
    const user = text.slice(at + ':shortfall:'.length);
    return at > 0 && /^[0-9]+$/.test(user) ? { of: text.slice(0, at), user: Number(user) } : null;
  },
};

const orderLink = { to: 'contract_order', id: (parts: { order: number }) => parts.order } as const;
const positionLink = {
  to: 'contract_position',
  id: (parts: { position: number }) => parts.position,
} as const;

export const contractLedger = defineProductLedger({
  product: 'contract',
  kinds: {
    'contract.freeze': kind({
      reference: contractFreezeReference,
      record: { type: 'contract', label: 'contract_margin', sign: 'balance', links: orderLink },
    }),
    'contract.release': kind({
      reference: contractReleaseReference,
      record: { type: 'contract', label: 'contract_margin', sign: 'balance', links: orderLink },
    }),
    'contract.fill': kind({
      reference: contractFillReference,
      record: {
        type: 'contract',
        label: 'contract_trade',
        sign: 'balance',
        links: { to: 'contract_order', id: (parts) => parts.takerOrder },
      },
    }),
    'contract.margin.add': kind({
      reference: marginReference,
      record: { type: 'contract', label: 'contract_margin', sign: 'balance', links: positionLink },
    }),
    'contract.margin.remove': kind({
      reference: marginReference,
      record: { type: 'contract', label: 'contract_margin', sign: 'balance', links: positionLink },
    }),
    'contract.leverage': kind({
      reference: leverageReference,
      record: { type: 'contract', label: 'contract_margin', sign: 'balance', links: positionLink },
    }),
    'contract.funding': kind({
      reference: fundingReference,
      record: { type: 'contract', label: 'contract_funding', sign: 'balance' },
    }),
    'contract.funding.payment': kind({
      reference: fundingPaymentReference,
      record: { type: 'contract', label: 'contract_funding', sign: 'balance' },
    }),
    'contract.funding.close': kind({ reference: fundingCloseReference, record: 'operator' }),
    'contract.liquidation': kind({
      reference: liquidationReference,
      record: {
        type: 'contract',
        label: 'contract_liquidation',
        sign: 'balance',
        links: positionLink,
      },
    }),
    'contract.adl': kind({
      reference: deleveragingReference,
      record: {
        type: 'contract',
        label: 'contract_deleveraging',
        sign: 'balance',
        links: { to: 'contract_order', id: (parts) => parts.order },
      },
    }),
    'contract.shortfall': kind({
      reference: shortfallReference,
      record: { type: 'contract', label: 'contract_insurance', sign: 'balance' },
    }),
  },
  systemAccounts: [
    {
      name: 'contract_funding',
      holds:
        'what the funding rounds under way have taken from payers and not yet paid to receivers (below zero while receivers were paid first); nothing once every round is finished, its rounding having gone to the insurance fund',
    },
    {
      name: 'contract_clearing',
      holds:
        "the other side of every realised PnL: at any price what the open positions' unrealised PnL sums to, nothing once every position is closed (docs/contracts.md)",
    },
  ],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof contractLedger> {}
  interface DeclaredSystemAccounts extends AccountsOf<typeof contractLedger> {}
}
