// How the wallet's rows go on the wire: times as ISO strings, amounts in their shortest decimal.
import { displayAmount, parseAmount } from '../../core/money.ts';
import { explorerLink } from '../chain/explorer.ts';
import type { AddressEntry } from './address-book.ts';
import type { ChainSpec } from './assets.ts';
import type { WithdrawalRow } from './withdrawals.ts';

export const iso = (date: Date | string | null) =>
  date === null ? null : new Date(date).toISOString();
export const decimal = (text: string) => displayAmount(parseAmount(text) ?? 0n);

/** `explorer`: the block explorer's page template (CHAIN_EXPLORER_TX_URL), when one is set. */
export function withdrawalView(row: WithdrawalRow, explorer?: string) {
  return {
    id: row.id,
    asset: row.asset,
    chain: row.chain as ChainSpec['chain'],
    address: row.address,
    amount: decimal(row.amount),
    fee: decimal(row.fee),
    status: row.status,
    reason: row.reason,
    txid: row.txid,
    confirmations: row.confirmations,
    explorer_url: explorerLink(explorer, row.chain, row.txid),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

export function entryView(row: AddressEntry) {
  return {
    id: row.id,
    asset: row.asset,
    chain: row.chain as ChainSpec['chain'],
    address: row.address,
    remark: row.remark,
    created_at: iso(row.created_at) as string,
  };
}
