// The perpetual pages' rows, formatted for the locale: positions (with their figures worked out
// again at a mark newer than the server's last word), resting and past orders, closed positions,
// fills, funding payments and liquidations.
import type { Bracket } from '../../core/contract/brackets.ts';
import { marketBrackets } from '../../core/contract/brackets.ts';
import { crossBacking, type MarketMarks } from '../../core/contract/cross-backing.ts';
import { type HeldPosition, heldPosition } from '../../core/contract/held-position.ts';
import { figuresAtMark } from '../../core/contract/position-figures.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import { displayAmount } from '../../core/money.ts';
import { accountKey, type BalancesState } from '../../core/projections/balances.ts';
import type { ContractView } from '../../core/projections/contract.ts';
import { isResting } from '../../core/projections/contract-open-orders.ts';
import { openPositions } from '../../core/projections/contract-positions.ts';
import type {
  ClosedPositionLine,
  FillPage,
  FundingPage,
  LiquidationPage,
} from '../../core/projections/contract-records.ts';
import type {
  ContractMarket,
  ContractOrder,
  ContractPosition,
} from '../../schemas/api/contract.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import {
  amount,
  exactPercent,
  percent,
  price,
  quantity,
  settled,
  signedAmount,
  signOf,
} from './format.ts';
import type {
  ClosedPositionRow,
  ContractFillRow,
  ContractOrderRow,
  ContractPositionRow,
  FundingPaymentRow,
  LiquidationRow,
} from './types.ts';

/** Contract trading settles in the contract wallet, in USDT. */
export const contractWallet = 'contract';
export const settlementAsset = 'USDT';

const parsedBrackets = new WeakMap<ContractMarket, Bracket[] | null>();

/** A market's brackets as the formulas take them, parsed once per answer. */
export function bracketsOf(market: ContractMarket | undefined): Bracket[] | null {
  if (!market) return null;
  if (!parsedBrackets.has(market)) parsedBrackets.set(market, marketBrackets(market.brackets));
  return parsedBrackets.get(market) ?? null;
}

/** The latest marks and brackets, as the cross backing reads them. */
export function marketMarks(contract: ContractView): MarketMarks {
  return {
    mark: (symbol) => {
      const mark = contract.marks[symbol]?.mark;
      return mark ? signedAtoms(mark) : null;
    },
    brackets: (symbol) => bracketsOf(contract.markets[symbol]),
  };
}

/** The contract wallet's available and total (available + frozen) USDT in atoms; null unknown. */
export function contractWalletAtoms(balances: BalancesState) {
  if (!balances.known) return null;
  const entry = balances.accounts[accountKey(contractWallet, settlementAsset)];
  const available = signedAtoms(entry?.available ?? '0') ?? 0n;
  const frozen = signedAtoms(entry?.frozen ?? '0') ?? 0n;
  return { available, total: available + frozen };
}

export function heldPositions(contract: ContractView): HeldPosition[] {
  return openPositions(contract.positions).flatMap((position) => heldPosition(position) ?? []);
}

const baseOf = (symbol: string, market: ContractMarket | undefined) =>
  market?.base ?? symbol.replace(/USDT$/, '');

/**
 * The server's figures, or, when a mark was logged after its last word on the position, the same
 * formulas at that mark (the positions channel speaks only when something changed).
 */
function liveFigures(
  position: ContractPosition,
  contract: ContractView,
  balances: BalancesState,
): { mark: string | null; pnl: string; roe: string; marginRatio: string } {
  const served = {
    mark: position.mark_price,
    pnl: position.unrealized_pnl,
    roe: position.roe,
    marginRatio: position.margin_ratio,
  };
  const latest = contract.marks[position.symbol];
  const seenAt = contract.positions.seenAt[position.id] ?? 0;
  if (!latest?.mark || latest.seenAt <= seenAt || latest.mark === position.mark_price)
    return served;
  const held = heldPosition(position);
  const brackets = bracketsOf(contract.markets[position.symbol]);
  const mark = signedAtoms(latest.mark);
  if (!held || !brackets || mark === null) return served;
  let backing = held.margin;
  if (held.marginMode === 'cross') {
    const wallet = contractWalletAtoms(balances);
    if (!wallet) return served;
    backing = crossBacking(
      wallet.total,
      heldPositions(contract),
      held.symbol,
      marketMarks(contract),
    );
  }
  const figures = figuresAtMark(held, mark, brackets, backing);
  return {
    mark: latest.mark,
    pnl: figures.unrealizedPnl,
    roe: figures.roe,
    marginRatio: figures.marginRatio,
  };
}

export function positionRow(
  position: ContractPosition,
  contract: ContractView,
  balances: BalancesState,
  locale: string,
): ContractPositionRow {
  const market = contract.markets[position.symbol];
  const scale = market?.price_scale;
  const figures = liveFigures(position, contract, balances);
  return {
    id: position.id,
    symbol: position.symbol,
    base: baseOf(position.symbol, market),
    direction: position.direction,
    leverage: position.leverage,
    marginMode: position.margin_mode,
    quantity: quantity(position.quantity, market, locale),
    quantityExact: position.quantity,
    entry: price(position.entry_price, scale, locale),
    mark: price(figures.mark, scale, locale),
    liquidation: price(position.liquidation_price, scale, locale),
    margin: amount(position.margin, locale),
    pnl: signedAmount(figures.pnl, locale),
    pnlSign: signOf(figures.pnl),
    roe: percent(figures.roe, 2, locale, true),
    marginRatio: percent(figures.marginRatio, 2, locale),
    tp: price(position.tp_price, scale, locale),
    sl: price(position.sl_price, scale, locale),
    tpExact: position.tp_price ?? '',
    slExact: position.sl_price ?? '',
    entryExact: position.entry_price,
    liquidationExact: position.liquidation_price ?? '',
    tpslQuantity:
      position.tpsl_quantity === null ? null : quantity(position.tpsl_quantity, market, locale),
    tpslQuantityExact: position.tpsl_quantity ?? '',
    priceScale: market?.price_scale ?? 2,
    quantityScale: market?.quantity_scale ?? 8,
    lotSize: market?.lot_size ?? '0.00000001',
  };
}

function actionOf(order: ContractOrder): ContractOrderRow['action'] {
  if (order.reduce_only) return order.side === 'sell' ? 'closeLong' : 'closeShort';
  return order.side === 'buy' ? 'openLong' : 'openShort';
}

export function orderRow(
  order: ContractOrder,
  market: ContractMarket | undefined,
  locale: string,
): ContractOrderRow {
  const scale = market?.price_scale;
  return {
    id: order.id,
    symbol: order.symbol,
    action: actionOf(order),
    type: order.type,
    purpose: order.purpose,
    status: order.status,
    cancelReason: order.cancel_reason,
    open: isResting(order),
    traded: (signedAtoms(order.filled_quantity) ?? 0n) > 0n,
    leverage: order.leverage,
    marginMode: order.margin_mode,
    price: order.type === 'market' ? '--' : price(order.price, scale, locale),
    quantity: quantity(order.quantity, market, locale),
    filled: quantity(order.filled_quantity, market, locale),
    avgPrice: price(order.avg_price, scale, locale),
    fee: amount(order.fee, locale),
    pnl: signedAmount(order.realized_pnl, locale),
    time: formatTimestamp(order.created_at, locale, 'seconds'),
  };
}

export function closedRow(
  line: ClosedPositionLine,
  market: ContractMarket | undefined,
  locale: string,
): ClosedPositionRow {
  const scale = market?.price_scale;
  const fees = (signedAtoms(line.open_fee) ?? 0n) + (signedAtoms(line.closing_fee) ?? 0n);
  return {
    id: line.id,
    symbol: line.symbol,
    direction: line.direction,
    leverage: line.leverage,
    marginMode: line.margin_mode,
    quantity: quantity(line.quantity, market, locale),
    entry: price(line.entry_price, scale, locale),
    close: price(line.close_price, scale, locale),
    pnl: signedAmount(line.realized_pnl, locale),
    pnlSign: signOf(line.realized_pnl),
    fees: amount(displayAmount(fees), locale),
    funding: signedAmount(line.funding_fee, locale),
    reason: line.close_reason,
    openedAt: formatTimestamp(line.opened_at, locale, 'seconds'),
    closedAt: formatTimestamp(line.closed_at, locale, 'seconds'),
  };
}

export function fundingRow(
  payment: FundingPage['list'][number],
  market: ContractMarket | undefined,
  locale: string,
): FundingPaymentRow {
  return {
    key: `${payment.round_id}:${payment.position_id}`,
    symbol: payment.symbol,
    direction: payment.direction,
    time: formatTimestamp(payment.funding_time, locale, 'seconds'),
    rate: percent(payment.rate, 4, locale, true),
    mark: price(payment.mark_price, market?.price_scale, locale),
    quantity: quantity(payment.quantity, market, locale),
    amount: signedAmount(payment.amount, locale),
    amountSign: signOf(payment.amount),
  };
}

export function fillRow(
  fill: FillPage['list'][number],
  market: ContractMarket | undefined,
  locale: string,
): ContractFillRow {
  return {
    key: `${fill.id}:${fill.role}`,
    id: fill.id,
    symbol: fill.symbol,
    side: fill.side,
    role: fill.role,
    orderId: fill.order_id,
    time: formatTimestamp(fill.created_at, locale, 'seconds'),
    price: price(fill.price, market?.price_scale, locale),
    quantity: quantity(fill.quantity, market, locale),
    value: amount(fill.value, locale),
    fee: amount(fill.fee, locale),
    pnl: signedAmount(fill.realized_pnl, locale),
    pnlSign: signOf(fill.realized_pnl),
  };
}

/**
 * A liquidation's inputs as the server recorded them. Its USDT figures are shown exact rather than
 * at four decimals: rounded, a backing just under the maintenance margin could read as equal to it
 * or above it, and the row would no longer show why the position was taken over.
 */
export function liquidationRow(
  record: LiquidationPage['list'][number],
  market: ContractMarket | undefined,
  locale: string,
): LiquidationRow {
  const scale = market?.price_scale;
  return {
    positionId: record.position_id,
    symbol: record.symbol,
    direction: record.direction,
    marginMode: record.margin_mode,
    time: formatTimestamp(record.created_at, locale, 'seconds'),
    quantity: quantity(record.quantity, market, locale),
    entry: price(record.entry_price, scale, locale),
    mark: price(record.mark_price, scale, locale),
    markTime: formatTimestamp(record.mark_at, locale, 'seconds'),
    liquidation: price(record.liquidation_price, scale, locale),
    bankruptcy: price(record.bankruptcy_price, scale, locale),
    backing: settled(record.backing, locale),
    maintenanceMargin: settled(record.maintenance_margin, locale),
    maintenanceRate: exactPercent(record.maintenance_rate, locale),
    filled: quantity(record.filled_quantity, market, locale),
    adl: quantity(record.adl_quantity, market, locale),
    insuranceFee: settled(record.insurance_fee, locale),
  };
}
