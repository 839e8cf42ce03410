// Whether the option writer takes an order (docs/options.md): trading open, a listed market and
// product, the stake within bounds, a fresh index print, the balance, the open-contract count, the
// day's loss limit, and the pool covering the most the open contracts could then cost. The first
// rule an order breaks is its answer.
import { displayAmount } from '../../core/money.ts';
import { openTimeOf, printToleranceMs } from '../../core/option/settlement.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RecordedPrint } from '../market/print-recorder.ts';
import type { ExposureEntry } from './exposure.ts';
import type { Funds } from './option-funds.ts';
import { closureErrors, type OptionClosure } from './option-gate.ts';
import type { OptionProduct, OptionSettings } from './option-settings.ts';

export interface NewOption {
  userId: number;
  symbol: string;
  direction: 'up' | 'down';
  unit: 'minute' | 'hour' | 'day';
  length: number;
  stake: bigint;
}

/** What the rules read besides the order and the batch's funds. */
export interface OrderRuleContext {
  settings: OptionSettings;
  symbols: ReadonlySet<string>;
  closure: OptionClosure | null;
  latestPrint(symbol: string): RecordedPrint | undefined;
  /** How many contracts the user holds open now. */
  openCount(userId: number): number;
  /** The most the open contracts could cost the pool with `entry` added. */
  exposureWith(entry: ExposureEntry): bigint;
}

/** The product the order buys if every rule allows it, else why not. */
export function checkOrder(
  order: NewOption,
  funds: Funds,
  now: number,
  context: OrderRuleContext,
): OptionProduct | BusinessError {
  const { settings } = context;
  if (context.closure) return new BusinessError(closureErrors[context.closure]);
  if (!context.symbols.has(order.symbol)) return new BusinessError('market_unknown');
  const product = settings.products.find(
    (candidate) => candidate.unit === order.unit && candidate.length === order.length,
  );
  if (!product) return new BusinessError('option_product_unknown');
  if (order.stake < settings.minStake) {
    return new BusinessError('amount_below_minimum', {
      amount: displayAmount(settings.minStake),
    });
  }
  if (order.stake > settings.maxStake) {
    return new BusinessError('stake_above_maximum', { amount: displayAmount(settings.maxStake) });
  }
  const print = context.latestPrint(order.symbol);
  if (!print || print.stale || now - print.ts > printToleranceMs) {
    return new BusinessError('option_index_stale');
  }
  if ((funds.available.get(order.userId) ?? 0n) < order.stake) {
    return new BusinessError('balance_insufficient');
  }
  if (context.openCount(order.userId) >= settings.openLimit) {
    return new BusinessError('option_open_limit', { count: settings.openLimit });
  }
  const limit = funds.limits.get(order.userId) ?? settings.dailyLossLimit;
  if ((funds.lost.get(order.userId) ?? 0n) + order.stake > limit) {
    return new BusinessError('option_loss_limit', { amount: displayAmount(limit) });
  }
  const openTime = openTimeOf(now);
  const entry = {
    ...order,
    ratePpm: product.ratePpm,
    openTime,
    expiryTime: openTime + product.durationMs,
  };
  if (context.exposureWith(entry) > funds.pool + order.stake) {
    return new BusinessError('option_pool_exposure');
  }
  return product;
}
