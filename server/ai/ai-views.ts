// AI products and orders as the wire carries them: the APR as a percent, the remaining quota, and
// an order's whole schedule from the published function with each day marked paid or not.
import { accrualSchedule, maturityOf, promisedRewards } from '../../core/ai/schedule.ts';
import { displayAmount } from '../../core/money.ts';
import type { AiOrder, AiProduct } from '../../schemas/api/ai.schema.ts';
import type { Order, Product } from './ai-store.ts';

/** Parts per 10^6 of a year as a percent: 125000 → `12.5`. */
export function aprText(aprPpm: number): string {
  const whole = Math.floor(aprPpm / 10_000);
  const fraction = String(aprPpm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export function productView(product: Product): AiProduct {
  const remaining = product.quota - product.sold;
  const free = product.funded - product.promised;
  const open = remaining > 0n && free >= promisedRewards(product.min, product.aprPpm, product.days);
  return {
    id: product.id,
    name: product.name,
    asset: product.asset,
    days: product.days,
    apr: aprText(product.aprPpm),
    min: displayAmount(product.min),
    max: displayAmount(product.max),
    quota: displayAmount(product.quota),
    remaining: displayAmount(remaining > 0n ? remaining : 0n),
    status: open ? 'open' : 'closed',
  };
}

export function orderView(order: Order, product: Product): AiOrder {
  const paidDays = order.withdrawnDays ?? Math.min(order.groupPaidDays, product.days);
  const schedule = accrualSchedule(order.principal, product.aprPpm, product.days, order.boughtAt);
  const paid = schedule.slice(0, paidDays).reduce((sum, day) => sum + day.amount, 0n);
  const next = order.withdrawnAt === null ? schedule[paidDays] : undefined;
  return {
    id: order.id,
    product_id: product.id,
    name: product.name,
    asset: product.asset,
    principal: displayAmount(order.principal),
    apr: aprText(product.aprPpm),
    days: product.days,
    bought_at: new Date(order.boughtAt).toISOString(),
    matures_at: new Date(maturityOf(product.days, order.boughtAt)).toISOString(),
    schedule: schedule.map((day, i) => ({
      date: new Date(day.date).toISOString(),
      amount: displayAmount(day.amount),
      paid: i < paidDays,
    })),
    paid: displayAmount(paid),
    next_payment: next
      ? { date: new Date(next.date).toISOString(), amount: displayAmount(next.amount) }
      : null,
    status:
      order.withdrawnAt !== null ? 'withdrawn' : paidDays >= product.days ? 'finished' : 'active',
    withdrawn: order.withdrawn === null ? null : displayAmount(order.withdrawn),
  };
}
