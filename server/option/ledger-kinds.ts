// The second contract's money movements: a stake paid into the pool, a settled group's payouts and
// refunds paid out of it in one posting (one a slice when the group is settled in slices), and the
// treasury's funding of the pool.
import {
  type AccountsOf,
  colonReference,
  defineProductLedger,
  type KindsOf,
  kind,
  type ReferenceFormat,
} from '../ledger/kinds.ts';

export const stakeReference = colonReference('option:stake', { contract: 'int' });
const wholeGroup = colonReference('option:settle', {
  symbol: 'text',
  openTime: 'int',
  expiryTime: 'int',
});
const laterSlice = colonReference('option:settle', {
  symbol: 'text',
  openTime: 'int',
  expiryTime: 'int',
  after: 'int',
});

/** A settled group's payouts: its first slice (or the whole group), or the slice after a contract. */
export interface SettleParts {
  symbol: string;
  openTime: number;
  expiryTime: number;
  /** The contract a later slice starts after; absent for a group's first slice. */
  after?: number;
}

/**
 * One settled group (symbol, open and expiry time): every owner's payout or refund. A group
 * settled in slices has one posting a slice: the first named by the group alone, as a group
 * settled whole is, each later one also by the contract it starts after.
 */
export const settleReference: ReferenceFormat<SettleParts> = {
  build: ({ symbol, openTime, expiryTime, after }) =>
    after === undefined
      ? wholeGroup.build({ symbol, openTime, expiryTime })
      : laterSlice.build({ symbol, openTime, expiryTime, after }),
  parse: (text) => laterSlice.parse(text) ?? wholeGroup.parse(text),
};
/** The pool's first seed, or a later funding named by a fresh id. */
export const poolFundReference: ReferenceFormat<{ funding: 'seed' } | { funding: string }> = {
  build: ({ funding }) => (funding === 'seed' ? 'option:pool:seed' : `option:pool:fund:${funding}`),
  parse(text) {
    if (text === 'option:pool:seed') return { funding: 'seed' };
    const id = text.startsWith('option:pool:fund:') ? text.slice('option:pool:fund:'.length) : '';
    return id === '' || id === 'seed' ? null : { funding: id };
  },
};

export const optionLedger = defineProductLedger({
  product: 'option',
  kinds: {
    'option.stake': kind({
      reference: stakeReference,
      record: {
        type: 'option',
        label: 'option_stake',
        sign: 'balance',
        links: { to: 'option_contract', id: (parts) => parts.contract },
      },
    }),
    /** A win's payout or a refund (a tie, a void group): what the owner's contracts paid. */
    'option.payout': kind({
      reference: settleReference,
      record: { type: 'option', label: 'option_payout', sign: 'balance' },
    }),
    'option.fund': kind({ reference: poolFundReference, record: 'operator' }),
  },
  systemAccounts: [
    {
      name: 'option_pool',
      holds:
        'stakes come in, wins and refunds are paid out; funded from the treasury, it must always cover the most the open contracts can cost (docs/options.md)',
    },
  ],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof optionLedger> {}
  interface DeclaredSystemAccounts extends AccountsOf<typeof optionLedger> {}
}
