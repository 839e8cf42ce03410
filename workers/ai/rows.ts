// The AI ETF section's rows, formatted for the locale: a product with its terms, an order with its
// schedule as fixed at purchase, the exact amount an early withdrawal returns now
// (`earlyWithdrawal`), and the whole schedule an amount would buy, from core/ai/schedule.ts.
import { aprPpmOf, checkPurchase } from '../../core/ai/purchase.ts';
import {
  accrualSchedule,
  dailyReward,
  earlyWithdrawal,
  maturityOf,
} from '../../core/ai/schedule.ts';
import { formatPercent, formatRate, withUnit } from '../../core/figures.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { AiOrder, AiProduct } from '../../schemas/api/ai.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { type ShownAmount, usdt, usdtAtoms } from '../product-kit/usdt.ts';
import type { AccrualRow, AiOrderRow, AiProductRow, AiReview } from './types.ts';

const atomsOf = (value: string) => parseAmount(value) ?? 0n;

const shownAmount = (value: string, locale: string): ShownAmount => ({
  exact: value,
  shown: usdt(value, locale),
});

const utcDays = new Map<string, Intl.DateTimeFormat>();

/** A day's end as its date in UTC, when rewards are credited (`2025/01/02` as the locale writes it). */
export function accrualDate(at: number, locale: string): string {
  let format = utcDays.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    utcDays.set(locale, format);
  }
  return format.format(at);
}

/** A yearly rate in percent as written (`12.5%`). */
export const aprText = (apr: string, locale: string) => formatRate(apr, locale);

/** Sold ÷ quota in percent, to the hundredth, rounded down (`12.34`); all of it without a quota. */
export function soldPercent(sold: bigint, quota: bigint): string {
  if (quota <= 0n) return '100';
  const hundredths = (sold * 10_000n) / quota;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

export function productRow(product: AiProduct, locale: string): AiProductRow {
  const quota = atomsOf(product.quota);
  const sold = quota - atomsOf(product.remaining);
  const aprPpm = aprPpmOf(product.apr) ?? 0;
  return {
    id: product.id,
    name: product.name,
    asset: product.asset,
    days: product.days,
    apr: aprText(product.apr, locale),
    min: shownAmount(product.min, locale),
    max: shownAmount(product.max, locale),
    quota: usdt(product.quota, locale),
    remaining: shownAmount(product.remaining, locale),
    soldWidth: quota > 0n ? Number((sold * 100n) / quota) : 100,
    sold: formatPercent(soldPercent(sold, quota), locale),
    open: product.status === 'open',
    dailyPerMin: usdtAtoms(dailyReward(atomsOf(product.min), aprPpm), locale),
  };
}

/** `withdrawn`: the order ended early, so the days it had not been paid for never will be. */
function accrualRows(
  schedule: readonly { date: number; amount: bigint; paid: boolean }[],
  locale: string,
  withdrawn = false,
): AccrualRow[] {
  return schedule.map((accrual, i) => ({
    day: i + 1,
    date: accrualDate(accrual.date, locale),
    amount: usdtAtoms(accrual.amount, locale),
    paid: accrual.paid,
    forgone: withdrawn && !accrual.paid,
  }));
}

export function orderRow(order: AiOrder, locale: string): AiOrderRow {
  const schedule = order.schedule.map((accrual) => ({
    date: Date.parse(accrual.date),
    amount: atomsOf(accrual.amount),
    paid: accrual.paid,
  }));
  const withdrawn = order.status === 'withdrawn';
  const rewards = schedule.reduce((sum, accrual) => sum + accrual.amount, 0n);
  const back = earlyWithdrawal(atomsOf(order.principal), atomsOf(order.paid));
  const dated = (iso: string) => formatTimestamp(iso, locale, 'dated');
  return {
    id: order.id,
    productId: order.product_id,
    name: order.name,
    asset: order.asset,
    principal: usdt(order.principal, locale),
    apr: aprText(order.apr, locale),
    days: order.days,
    boughtAt: dated(order.bought_at),
    maturesAt: dated(order.matures_at),
    schedule: accrualRows(schedule, locale, withdrawn),
    paid: usdt(order.paid, locale),
    paidDays: schedule.filter((accrual) => accrual.paid).length,
    rewards: usdtAtoms(rewards, locale),
    nextPayment: order.next_payment && {
      date: accrualDate(Date.parse(order.next_payment.date), locale),
      amount: usdt(order.next_payment.amount, locale),
    },
    status: order.status,
    withdrawn: order.withdrawn === null ? null : usdt(order.withdrawn, locale),
    earlyReturn: { exact: displayAmount(back), shown: usdtAtoms(back, locale) },
  };
}

/** The amount typed checked against the product and the wallet, and its schedule if bought at `now`. */
export function review(
  product: AiProduct | null,
  available: string | null,
  amount: string,
  now: number,
  locale: string,
): AiReview {
  const none = {
    amount: null,
    schedule: null,
    daily: null,
    rewards: null,
    total: null,
    maturesAt: null,
  };
  if (!product) return { problem: null, ...none };
  const checked = checkPurchase(amount, { ...product, available });
  if (typeof checked !== 'bigint') {
    const params = checked.params
      ? { amount: withUnit(usdt(checked.params.amount, locale), product.asset, locale) }
      : {};
    return { problem: { rule: checked.rule, params }, ...none };
  }
  const aprPpm = aprPpmOf(product.apr);
  if (aprPpm === null) return { problem: null, ...none };
  const schedule = accrualSchedule(checked, aprPpm, product.days, now);
  const rewards = schedule.reduce((sum, accrual) => sum + accrual.amount, 0n);
  return {
    problem: null,
    amount: usdtAtoms(checked, locale),
    schedule: accrualRows(
      schedule.map((accrual) => ({ ...accrual, paid: false })),
      locale,
    ),
    daily: usdtAtoms(dailyReward(checked, aprPpm), locale),
    rewards: usdtAtoms(rewards, locale),
    total: usdtAtoms(checked + rewards, locale),
    maturesAt: formatTimestamp(
      new Date(maturityOf(product.days, now)).toISOString(),
      locale,
      'dated',
    ),
  };
}
