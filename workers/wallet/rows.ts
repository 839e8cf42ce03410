// The wallet's answers as the pages draw them: amounts formatted for the locale, exact decimals
// kept where a form builds on them, times in the locale's style.
import type { z } from 'zod';
import { formatPrice } from '../../core/price-format.ts';
import type { WalletAsset, WalletBalances } from '../../core/projections/wallet.ts';
import {
  type addressEntrySchema,
  type depositSchema,
  type recordSchema,
  walletNames,
  type withdrawalSchema,
} from '../../schemas/api/wallet.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type {
  AddressRow,
  AssetView,
  BalancesView,
  DepositRow,
  RecordRow,
  WithdrawalRow,
} from './types.ts';

const amount = (value: string, locale: string) => formatPrice(value, { locale });
/** Worth in USDT: cents are enough to read a total by. */
const usdt = (value: string | null, locale: string) =>
  value === null ? '--' : formatPrice(value, { locale, precision: 2 });

function signed(value: string, locale: string): string {
  const shown = amount(value, locale);
  return value.startsWith('-') || /^[0.]*$/.test(value) ? shown : `+${shown}`;
}

export function balancesView({ balances, totals }: WalletBalances, locale: string): BalancesView {
  return {
    total: usdt(totals.all, locale),
    wallets: Object.fromEntries(
      walletNames.map((wallet) => [wallet, usdt(totals[wallet], locale)]),
    ) as BalancesView['wallets'],
    rows: balances.map((row) => ({
      wallet: row.wallet,
      asset: row.asset,
      available: row.available,
      availableShown: amount(row.available, locale),
      frozenShown: amount(row.frozen, locale),
      valueShown: usdt(row.value_usdt, locale),
    })),
  };
}

export function assetView({ asset, chains }: WalletAsset, locale: string): AssetView {
  return {
    asset,
    chains: chains.map((chain) => ({
      chain: chain.chain,
      deposit: chain.deposit,
      withdraw: chain.withdraw,
      fee: chain.withdraw_fee,
      feeShown: amount(chain.withdraw_fee, locale),
      minimum: chain.min_withdraw,
      minimumShown: amount(chain.min_withdraw, locale),
      confirmations: chain.confirmations,
    })),
  };
}

export function depositRow(deposit: z.output<typeof depositSchema>, locale: string): DepositRow {
  return {
    id: deposit.id,
    asset: deposit.asset,
    chain: deposit.chain,
    txid: deposit.txid,
    amountShown: amount(deposit.amount, locale),
    status: deposit.status,
    confirmations: deposit.confirmations,
    required: deposit.required_confirmations,
    time: formatTimestamp(deposit.created_at, locale, 'dated'),
  };
}

export function withdrawalRow(
  withdrawal: z.output<typeof withdrawalSchema>,
  locale: string,
): WithdrawalRow {
  return {
    id: withdrawal.id,
    asset: withdrawal.asset,
    chain: withdrawal.chain,
    address: withdrawal.address,
    amountShown: amount(withdrawal.amount, locale),
    feeShown: amount(withdrawal.fee, locale),
    status: withdrawal.status,
    reason: withdrawal.reason,
    time: formatTimestamp(withdrawal.created_at, locale, 'dated'),
  };
}

export function addressRow(entry: z.output<typeof addressEntrySchema>): AddressRow {
  const { id, asset, chain, address, remark } = entry;
  return { id, asset, chain, address, remark };
}

export function recordRow(record: z.output<typeof recordSchema>, locale: string): RecordRow {
  return {
    key: `${record.id}:${record.wallet}:${record.asset}`,
    id: record.id,
    type: record.type,
    wallet: record.wallet,
    asset: record.asset,
    amountShown: signed(record.amount, locale),
    reference: record.reference,
    time: formatTimestamp(record.created_at, locale, 'dated'),
  };
}
