// The wallet's money movements: deposits from a chain, withdrawals through their steps, and
// transfers between a user's own wallets. Each kind's reference is built and read here; the
// shared system accounts the wallet moves money through are the ledger's own (server/ledger/accounts.ts).
import {
  colonReference,
  defineProductLedger,
  type KindsOf,
  kind,
  type ReferenceFormat,
} from '../ledger/kinds.ts';

/** A chain transfer credited once: its chain, transaction and (for a token) log index. */
export const depositReference: ReferenceFormat<{
  chain: string;
  txid: string;
  logIndex?: number;
}> = {
  build: ({ chain, txid, logIndex = -1 }) =>
    logIndex < 0 ? `deposit:${chain}:${txid}` : `deposit:${chain}:${txid}:${logIndex}`,
  parse(text) {
    const [prefix, chain, txid, log, ...rest] = text.split(':');
    if (prefix !== 'deposit' || !chain || !txid || rest.length > 0) return null;
    if (log === undefined) return { chain, txid };
    return /^[0-9]+$/.test(log) ? { chain, txid, logIndex: Number(log) } : null;
  },
};

/** A step of one withdrawal: `withdrawal:<id>:<step>` (`request`, `approved`, `sent`, …). */
export const withdrawalReference = colonReference('withdrawal', { id: 'int', step: 'text' });

/** A transfer is referenced by the idempotency key it was asked with: unique per user's call. */
export const transferReference: ReferenceFormat<{ key: string }> = {
  build: ({ key }) => key,
  parse: (text) => (text === '' ? null : { key: text }),
};

const withdrawalLink = { to: 'withdrawal', id: (parts: { id: number }) => parts.id } as const;
const withdrawal = (label: 'withdrawal' | 'withdrawal_returned') =>
  kind({
    reference: withdrawalReference,
    record: { type: 'withdrawal', label, sign: 'balance', links: withdrawalLink },
  });

export const walletLedger = defineProductLedger({
  product: 'wallet',
  kinds: {
    deposit: kind({
      reference: depositReference,
      record: { type: 'deposit', label: 'deposit', sign: 'balance' },
    }),
    transfer: kind({
      reference: transferReference,
      record: { type: 'transfer', label: 'transfer', sign: 'moved' },
    }),
    /** Available to frozen while the withdrawal waits for review: no change to the balance. */
    'withdrawal.request': withdrawal('withdrawal'),
    'withdrawal.cancelled': withdrawal('withdrawal'),
    'withdrawal.rejected': withdrawal('withdrawal'),
    /** The money leaves the user: frozen to the withdrawals in flight and the fee. */
    'withdrawal.approved': withdrawal('withdrawal'),
    'withdrawal.sent': withdrawal('withdrawal'),
    /** The chain refused the send: the money comes back. */
    'withdrawal.failed': withdrawal('withdrawal_returned'),
  },
  systemAccounts: [],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof walletLedger> {}
}
