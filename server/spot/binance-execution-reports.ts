// A committed spot command as the Binance events of one user's stream (docs/api-binance.md § "User
// data streams"): an `executionReport` for each thing that happened to each of their orders, in
// the order it happened (placed, each trade, then cancelled or expired), and an
// `outboundAccountPosition` with their changed spot balances. Pure: the trade ids and client order
// ids, which the database holds, are handed in.

import { quoteAtoms } from '../../core/market/order-math.ts';
import { fromUnits } from '../../core/market/units.ts';
import { amountScale, formatAmount, parseAmount } from '../../core/money.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import { type BinanceOrderStatus, binanceStatus } from '../binance/order-status.ts';
import type { BalanceChange } from '../ledger/write-postings.ts';
import { msOf, selfTradePreventionMode } from './binance-order-views.ts';
import type { Committed } from './market-writer.ts';
import type { SpotOrderRow } from './order-store.ts';
import type { Fill } from './settlement.ts';

/** What the database adds to a commit: each trade's id, each order's client order id. */
export interface ReportLookups {
  /** The id of `fills[i]`, by its index among the commit's fills. */
  tradeIds: readonly (number | undefined)[];
  clientIds: ReadonlyMap<number, string>;
}

/** The wallet spot trades from, whose balances `outboundAccountPosition` carries. */
const spotWallet = 'funding';

type ExecutionType = 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED';

interface Trade {
  fill: Fill;
  id: number;
  maker: boolean;
}

/** The user's events for a commit, oldest first. */
export function userEvents(
  committed: Committed,
  userId: number,
  lookups: ReportLookups,
): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  for (const row of committed.orders) {
    if (row.user_id !== userId) continue;
    events.push(...orderReports(committed, row, lookups));
  }
  const position = accountPosition(committed, userId);
  if (position) events.push(position);
  return events;
}

function orderReports(
  committed: Committed,
  row: SpotOrderRow,
  lookups: ReportLookups,
): Record<string, unknown>[] {
  const orderId = Number(row.id);
  const trades: Trade[] = [];
  committed.fills.forEach((fill, index) => {
    const taker = fill.takerOrderId === orderId;
    if (!taker && fill.makerOrderId !== orderId) return;
    trades.push({ fill, id: lookups.tradeIds[index] ?? -1, maker: !taker });
  });
  const report = reportOf(committed, row, lookups.clientIds.get(orderId) ?? '');
  const reports: Record<string, unknown>[] = [];
  // Placed in this commit: it took as it came, or it is untouched since it was made.
  const placed =
    trades.some((trade) => !trade.maker) || msOf(row.created_at) === msOf(row.updated_at);
  if (placed) reports.push(report('NEW', 'NEW', zero, zero));

  const scales = committed.market;
  const quantities = trades.map((trade) => BigInt(trade.fill.quantity));
  const quotes = trades.map((trade) => quoteAtoms(trade.fill.quote, scales));
  // Each trade's cumulative amounts: the order's final ones less what later trades added.
  let laterQuantity = 0n;
  let laterQuote = 0n;
  const cumulative: { quantity: string; quote: string }[] = [];
  for (let i = trades.length - 1; i >= 0; i--) {
    cumulative[i] = {
      quantity: lessUnits(row.filled_quantity, laterQuantity, scales.quantityScale),
      quote: lessAtoms(row.filled_quote, laterQuote),
    };
    laterQuantity += quantities[i] ?? 0n;
    laterQuote += quotes[i] ?? 0n;
  }
  const final = binanceStatus(row);
  trades.forEach((trade, i) => {
    const last = i === trades.length - 1;
    const status: BinanceOrderStatus =
      last && (final === 'FILLED' || final === 'PARTIALLY_FILLED') ? final : 'PARTIALLY_FILLED';
    const done = cumulative[i] ?? { quantity: zero, quote: zero };
    reports.push({
      ...report('TRADE', status, done.quantity, done.quote),
      l: binanceDecimal(fromUnits(trade.fill.quantity, scales.quantityScale)),
      L: binanceDecimal(fromUnits(trade.fill.price, scales.priceScale)),
      Y: formatAmount(quotes[i] ?? 0n),
      n: formatAmount(trade.maker ? trade.fill.makerFee : trade.fill.takerFee),
      N: row.fee_asset,
      t: trade.id,
      m: trade.maker,
    });
  });
  const ended = final === 'CANCELED' ? 'CANCELED' : final.startsWith('EXPIRED') ? 'EXPIRED' : null;
  if (ended) {
    reports.push(
      report(ended, final, binanceDecimal(row.filled_quantity), binanceDecimal(row.filled_quote)),
    );
  }
  return reports;
}

const zero = binanceDecimal(null);

/** The report of `row` with the fields every execution type shares. */
function reportOf(committed: Committed, row: SpotOrderRow, clientOrderId: string) {
  return (
    execution: ExecutionType,
    status: BinanceOrderStatus,
    filled: string,
    filledQuote: string,
  ): Record<string, unknown> => ({
    e: 'executionReport',
    E: committed.ts,
    s: row.symbol,
    c: clientOrderId,
    S: row.side === 'buy' ? 'BUY' : 'SELL',
    o: row.type === 'limit' ? 'LIMIT' : 'MARKET',
    f: 'GTC',
    q: binanceDecimal(row.quantity ?? (execution === 'NEW' ? null : row.filled_quantity)),
    p: binanceDecimal(row.price),
    P: zero,
    F: zero,
    g: -1,
    // A cancel's own client id; the door's cancel takes none of its own, so the order's.
    C: execution === 'CANCELED' ? clientOrderId : '',
    x: execution,
    X: status,
    r: 'NONE',
    i: Number(row.id),
    l: zero,
    z: filled,
    L: zero,
    n: zero,
    N: null,
    T: committed.ts,
    t: -1,
    I: 0,
    w: status === 'NEW' || status === 'PARTIALLY_FILLED',
    m: false,
    M: false,
    O: msOf(row.created_at),
    Z: filledQuote,
    Y: zero,
    Q: binanceDecimal(row.turnover),
    W: msOf(row.created_at),
    V: selfTradePreventionMode,
  });
}

/** The user's changed spot balances, or none. */
function accountPosition(committed: Committed, userId: number): Record<string, unknown> | null {
  const newest = new Map<string, BalanceChange>();
  for (const change of committed.balances) {
    if (change.userId === userId && change.wallet === spotWallet) newest.set(change.asset, change);
  }
  if (newest.size === 0) return null;
  return {
    e: 'outboundAccountPosition',
    E: committed.ts,
    u: committed.ts,
    B: [...newest.values()].map((change) => ({
      a: change.asset,
      f: formatAmount(change.available),
      l: formatAmount(change.frozen),
    })),
  };
}

/** `total` (a decimal of the database) less `units` at `scale`, with eight places. */
function lessUnits(total: string, units: bigint, scale: number): string {
  return lessAtoms(total, units * 10n ** BigInt(amountScale - scale));
}

/** `total` (a decimal of the database) less `atoms`, with eight places. */
function lessAtoms(total: string, atoms: bigint): string {
  return formatAmount((parseAmount(total) ?? 0n) - atoms);
}
