// Fixed-term products and orders as the server answers them, for the client's tests: 30 days at
// 12.5 % a year, from 100 to 10,000 USDT; an order of 1,000 USDT bought on 2025-01-01 at 15:30,
// accruing from 2025-01-02 00:00 UTC (0.34246575 USDT a day).
import { displayAmount } from '../../core/money.ts';
import type { AiOrder, AiProduct } from '../../schemas/api/ai.schema.ts';

export { paged } from './subscription-fixtures.ts';

export const boughtAt = Date.parse('2025-01-01T15:30:00.000Z');
export const dayMs = 86_400_000;
export const firstMidnight = Date.parse('2025-01-02T00:00:00.000Z');

const iso = (ms: number) => new Date(ms).toISOString();

export function product(id: number, overrides: Partial<AiProduct> = {}): AiProduct {
  return {
    id,
    name: `Fixed ${id}`,
    asset: 'USDT',
    days: 30,
    apr: '12.5',
    min: '100',
    max: '10000',
    quota: '50000',
    remaining: '20000',
    status: 'open',
    ...overrides,
  };
}

/** An order with `paidDays` of its 30 days paid. */
export function order(id: number, paidDays = 0, overrides: Partial<AiOrder> = {}): AiOrder {
  const daily = '0.34246575';
  const schedule = Array.from({ length: 30 }, (_, i) => ({
    date: iso(firstMidnight + (i + 1) * dayMs),
    amount: daily,
    paid: i < paidDays,
  }));
  return {
    id,
    product_id: 1,
    name: 'Fixed 1',
    asset: 'USDT',
    principal: '1000',
    apr: '12.5',
    days: 30,
    bought_at: iso(boughtAt),
    matures_at: iso(firstMidnight + 30 * dayMs),
    schedule,
    paid: displayAmount(34_246_575n * BigInt(paidDays)),
    next_payment: paidDays < 30 ? { date: schedule[paidDays]?.date ?? '', amount: daily } : null,
    status: 'active',
    withdrawn: null,
    ...overrides,
  };
}
