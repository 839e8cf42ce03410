// How the wallet's rows go on the wire: times as ISO strings, amounts in their shortest decimal.

import type { Selectable } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { explorerLink } from '../chain/explorer.ts';
import type { DepositsTable } from '../db/tables.ts';
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

/** A deposit as its list and its `deposits` frames carry it. */
export function depositView(row: Selectable<DepositsTable>, explorer?: string) {
  return {
    id: row.id,
    asset: row.asset,
    chain: row.chain as ChainSpec['chain'],
    txid: row.txid,
    address: row.address,
    amount: decimal(row.amount),
    confirmations: row.confirmations,
    required_confirmations: row.required_confirmations,
    status: row.status,
    explorer_url: explorerLink(explorer, row.chain, row.txid),
    created_at: iso(row.created_at) as string,
    credited_at: iso(row.credited_at),
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
