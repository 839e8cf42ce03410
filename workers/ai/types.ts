// The AI ETF section's side of the facade: its calls and what its views send. Figures to show
// arrive formatted for the locale; those a form builds on (the product's limits, the funding wallet)
// arrive as exact decimals too.

import type { AiOrderList } from '../../core/ai/events.ts';
import type { AiFormProblem } from '../../core/ai/purchase.machine.ts';
import type { PurchaseRule } from '../../core/ai/purchase.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';
import type { ShownAmount } from '../product-kit/usdt.ts';

export type { AiFormProblem, AiOrderList, PurchaseRule };

export interface AiProductRow {
  id: number;
  name: string;
  asset: string;
  days: number;
  /** The fixed yearly rate in percent (`12.5%`). */
  apr: string;
  min: ShownAmount;
  max: ShownAmount;
  quota: string;
  remaining: ShownAmount;
  /** The share of the quota sold, in percent 0 to 100, for its bar. */
  soldWidth: number;
  /** The same share as written, with two decimals (`12.35%`), rounded down so 99.999 % is not 100. */
  sold: string;
  open: boolean;
  /** What the minimum earns a day, for the list (`dailyReward`). */
  dailyPerMin: string;
}

/** One day of a schedule: when its reward is credited (00:00 UTC), and how much. */
export interface AccrualRow {
  day: number;
  date: string;
  amount: string;
  paid: boolean;
  /** Never to be paid: the order was withdrawn before this day's end. */
  forgone: boolean;
}

export interface AiOrderRow {
  id: number;
  productId: number;
  name: string;
  asset: string;
  principal: string;
  apr: string;
  days: number;
  boughtAt: string;
  maturesAt: string;
  schedule: readonly AccrualRow[];
  /** Rewards paid so far, and how many days of the schedule. */
  paid: string;
  paidDays: number;
  /** Every reward of the schedule, paid or not. */
  rewards: string;
  nextPayment: { date: string; amount: string } | null;
  status: 'active' | 'finished' | 'withdrawn';
  /** What an early withdrawal returned; null unless withdrawn. */
  withdrawn: string | null;
  /** What an early withdrawal would return now, exactly: `earlyWithdrawal(principal, paid)`. */
  earlyReturn: ShownAmount;
}

export interface AiBoardView {
  loggedIn: boolean;
  /** Null until the products were listed. */
  products: readonly AiProductRow[] | null;
}

export interface AiProductView {
  loggedIn: boolean;
  /** Null while it is looked for, or when no product has this id (`missing`). */
  product: AiProductRow | null;
  missing: boolean;
  /** The funding wallet's available USDT; null while unknown. */
  available: ShownAmount | null;
  /** The user's active orders of this product, newest first, with their schedules. */
  orders: readonly AiOrderRow[];
}

export interface AiOrderView {
  loggedIn: boolean;
  /** Null while it is looked for, or when the user has no such order (`missing`). */
  order: AiOrderRow | null;
  missing: boolean;
}

/** The amount typed, checked, and the whole schedule it would buy if bought now. */
export interface AiReview {
  problem: AiFormProblem | null;
  /** The amount as the confirmation repeats it; null without a valid amount. */
  amount: string | null;
  /** Null without a valid amount. */
  schedule: readonly AccrualRow[] | null;
  daily: string | null;
  rewards: string | null;
  /** Principal and rewards together, and when the principal returns. */
  total: string | null;
  maturesAt: string | null;
}

export interface AiHandlers {
  /** Loads the products and, signed in, the active orders and the wallet. */
  refreshAi(): Promise<Outcome<null>>;
  /** The amount checked against the product's terms and the wallet, and its schedule from now. */
  reviewAi(productId: number, amount: string): Promise<AiReview>;
  /** Buys a product. One idempotency key per intent (product and amount). */
  buyAi(productId: number, amount: string): Promise<Outcome<AiOrderRow>>;
  aiOrders(status: AiOrderList, page: number): Promise<Outcome<ListPage<AiOrderRow>>>;
  /** Ends an order early. One idempotency key per intent (the order). */
  withdrawAi(orderId: number): Promise<Outcome<AiOrderRow>>;
}
