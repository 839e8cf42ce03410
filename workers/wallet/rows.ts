// The wallet's answers as the pages draw them: amounts formatted for the locale, exact decimals
// kept where a form builds on them, times in the locale's style.
import type { z } from 'zod/mini';
import {
  assetDecimals,
  formatAmount,
  formatMarketPrice,
  formatSignedAmount,
  type Precisions,
  quoteAsset,
} from '../../core/figures.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
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
  RecordTrade,
  WithdrawalRow,
} from './types.ts';

/** Available and frozen together, exact. */
const heldOf = (row: WalletBalances['balances'][number]) =>
  displayAmount((parseAmount(row.available) ?? 0n) + (parseAmount(row.frozen) ?? 0n));

/** Worth in the quote asset, at its precision. */
const usdt = (value: string | null, precisions: Precisions, locale: string) =>
  formatAmount(value, quoteAsset, precisions, locale);

export function balancesView(
  { balances, totals }: WalletBalances,
  precisions: Precisions,
  locale: string,
): BalancesView {
  const usdtOf = (value: string | null) => usdt(value, precisions, locale);
  return {
    total: usdtOf(totals.all),
    wallets: Object.fromEntries(
      walletNames.map((wallet) => [wallet, usdtOf(totals[wallet])]),
    ) as BalancesView['wallets'],
    rows: balances.map((row) => ({
      wallet: row.wallet,
      asset: row.asset,
      available: row.available,
      // The row's figure is what its value is worth of: available and frozen together.
      heldShown: formatAmount(heldOf(row), row.asset, precisions, locale, 'down'),
      availableShown: formatAmount(row.available, row.asset, precisions, locale, 'down'),
      frozenShown: formatAmount(row.frozen, row.asset, precisions, locale, 'down'),
      valueShown: usdtOf(row.value_usdt),
      presale: row.price_basis === 'presale',
    })),
  };
}

export function assetView(
  { asset, chains }: WalletAsset,
  precisions: Precisions,
  locale: string,
): AssetView {
  const amount = (value: string) => formatAmount(value, asset, precisions, locale);
  return {
    asset,
    chains: chains.map((chain) => ({
      chain: chain.chain,
      deposit: chain.deposit,
      withdraw: chain.withdraw,
      fee: chain.withdraw_fee,
      feeShown: amount(chain.withdraw_fee),
      minimum: chain.min_withdraw,
      minimumShown: amount(chain.min_withdraw),
      amountDecimals: assetDecimals(asset, precisions) ?? null,
      confirmations: chain.confirmations,
    })),
  };
}

export function depositRow(
  deposit: z.output<typeof depositSchema>,
  precisions: Precisions,
  locale: string,
): DepositRow {
  return {
    id: deposit.id,
    asset: deposit.asset,
    chain: deposit.chain,
    txid: deposit.txid,
    amountShown: formatAmount(deposit.amount, deposit.asset, precisions, locale),
    status: deposit.status,
    confirmations: deposit.confirmations,
    required: deposit.required_confirmations,
    time: formatTimestamp(deposit.created_at, locale, 'dated'),
    explorerUrl: deposit.explorer_url,
  };
}

export function withdrawalRow(
  withdrawal: z.output<typeof withdrawalSchema>,
  precisions: Precisions,
  locale: string,
): WithdrawalRow {
  const amount = (value: string) => formatAmount(value, withdrawal.asset, precisions, locale);
  return {
    id: withdrawal.id,
    asset: withdrawal.asset,
    chain: withdrawal.chain,
    address: withdrawal.address,
    amountShown: amount(withdrawal.amount),
    feeShown: amount(withdrawal.fee),
    status: withdrawal.status,
    reason: withdrawal.reason,
    time: formatTimestamp(withdrawal.created_at, locale, 'dated'),
    txid: withdrawal.txid,
    confirmations: withdrawal.confirmations,
    explorerUrl: withdrawal.explorer_url,
    updatedAt: withdrawal.updated_at,
  };
}

export function addressRow(entry: z.output<typeof addressEntrySchema>): AddressRow {
  const { id, asset, chain, address, remark } = entry;
  return { id, asset, chain, address, remark };
}

type RecordLine = z.output<typeof recordSchema>;

function recordTrade(
  trade: NonNullable<RecordLine['trade']>,
  precisions: Precisions,
  locale: string,
): RecordTrade {
  return {
    side: trade.side,
    pair: `${trade.base}/${trade.quote}`,
    base: trade.base,
    quote: trade.quote,
    quantityShown: formatAmount(trade.quantity, trade.base, precisions, locale),
    priceShown: formatMarketPrice(trade.price, trade.symbol, precisions, locale),
    valueShown: formatAmount(trade.value, trade.quote, precisions, locale),
    feeShown: formatAmount(trade.fee, trade.fee_asset, precisions, locale),
    feeAsset: trade.fee_asset,
  };
}

/**
 * The records as a trader reads them: a fill's lines (what it took and what it gave, in one
 * account) become one record with the trade they settled; every other line is a record of its own.
 */
export function recordRows(
  lines: readonly RecordLine[],
  precisions: Precisions,
  locale: string,
): RecordRow[] {
  const rows: RecordRow[] = [];
  for (const line of lines) {
    const amount = {
      asset: line.asset,
      // A transfer moved money between the user's own wallets: its amount has no sign.
      shown:
        line.to_wallet === null
          ? formatSignedAmount(line.amount, line.asset, precisions, locale)
          : formatAmount(line.amount, line.asset, precisions, locale),
      up: !line.amount.startsWith('-'),
    };
    const previous = rows.at(-1);
    if (
      line.trade &&
      previous?.trade &&
      previous.id === line.id &&
      previous.wallet === line.wallet
    ) {
      rows[rows.length - 1] = { ...previous, amounts: [...previous.amounts, amount] };
      continue;
    }
    rows.push({
      key: line.trade ? `${line.id}:${line.wallet}` : `${line.id}:${line.wallet}:${line.asset}`,
      id: line.id,
      type: line.type,
      label: line.label,
      wallet: line.wallet,
      toWallet: line.to_wallet,
      amounts: [amount],
      trade: line.trade && recordTrade(line.trade, precisions, locale),
      reference: line.reference,
      time: formatTimestamp(line.created_at, locale, 'dated'),
    });
  }
  return rows;
}
