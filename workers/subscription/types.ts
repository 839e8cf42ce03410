// The pre-sale subscriptions' side of the facade: their calls and what their views send. Figures to
// show arrive formatted for the locale; those a form builds on (the funding wallet, the room the
// cap leaves) arrive as exact decimals too.

import type { CommitmentRule } from '../../core/subscription/commitment.ts';
import type { SubscriptionFormProblem } from '../../core/subscription/purchase.machine.ts';
import type { SubscriptionStage } from '../../schemas/api/subscription.schema.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';
import type { ShownAmount } from '../product-kit/usdt.ts';

export type { CommitmentRule, SubscriptionFormProblem, SubscriptionStage };

/** The moment a project's countdown counts to: its start, its end or its distribution. */
export type SubscriptionMoment = 'start' | 'end' | 'distribute';

export interface SubscriptionProjectRow {
  id: number;
  name: string;
  /** The token sold. */
  asset: string;
  stage: SubscriptionStage;
  /** USDT per token. */
  price: string;
  /** Tokens for sale. */
  supply: string;
  /** The most one user may commit, USDT. */
  cap: string;
  /** USDT committed by everyone. */
  committed: string;
  participants: number;
  /** Committed ÷ the supply's value in percent (`150%` when oversubscribed). */
  progress: string;
  /** The bar's width in percent, 0 to 100. */
  progressWidth: number;
  oversubscribed: boolean;
  /** ms since the epoch, for the countdowns, and as written. */
  start: number;
  end: number;
  distribute: number;
  startText: string;
  endText: string;
  distributeText: string;
  /** What the countdown counts to in this stage; null once distributed. */
  next: { moment: SubscriptionMoment; at: number } | null;
}

/** What a commitment comes to if the pre-sale ended now, by the published rule. */
export interface SubscriptionEstimate {
  /** The whole commitment, USDT. */
  commitment: string;
  /** Tokens. */
  tokens: string;
  /** What they cost, USDT, rounded up to the atom. */
  cost: string;
  /** Released at distribution, USDT. */
  refund: string;
}

export interface SubscriptionRecordRow {
  projectId: number;
  name: string;
  asset: string;
  stage: SubscriptionStage;
  price: string;
  /** USDT committed. */
  payment: string;
  /** Tokens allocated; null before the allocation. */
  winning: string | null;
  /** USDT released at distribution; null before the allocation. */
  refund: string | null;
  /** At the token's spot price once it trades, signed; null before. */
  profit: string | null;
  profitRatio: string | null;
  profitSign: -1 | 0 | 1;
  committedAt: string;
}

export interface SubscriptionBuyView {
  loggedIn: boolean;
  /** Null while it is looked for, or when no project has this id (`missing`). */
  project: SubscriptionProjectRow | null;
  missing: boolean;
  /** Commitments are taken now: the project is in its pre-sale. */
  open: boolean;
  /** The funding wallet's available USDT; null while unknown. */
  available: ShownAmount | null;
  /** The user's commitment so far and what the cap leaves them; null while unknown. */
  committed: ShownAmount | null;
  room: ShownAmount | null;
  /** The commitment so far if the pre-sale ended now; null without one. */
  estimate: SubscriptionEstimate | null;
  record: SubscriptionRecordRow | null;
}

/** The amount typed, checked, and what the commitment would then come to. */
export interface SubscriptionReview {
  problem: SubscriptionFormProblem | null;
  /** With the amount typed added; null without a valid amount. */
  estimate: SubscriptionEstimate | null;
}

export interface AllocationEntryRow {
  /** The published account hash, shortened for the screen. */
  account: string;
  committed: string;
  /** Tokens and USDT refunded as published; null before the allocation. */
  allocated: string | null;
  refund: string | null;
  /** The same rule run again here agrees with this entry; null before the allocation. */
  agrees: boolean | null;
}

export interface SubscriptionAllocationView {
  projectId: number;
  rule: string;
  supply: string;
  price: string;
  cap: string;
  /** When the allocation was computed; null before the pre-sale ended. */
  computedAt: string | null;
  committed: string;
  participants: number;
  entries: readonly AllocationEntryRow[];
  /** The rule (core/subscription/allocation.ts) run again here on the published commitments. */
  recheck: { agrees: boolean; allocated: string } | null;
}

export interface SubscriptionHandlers {
  /** A page of the projects, newest first. */
  subscriptionProjects(page: number): Promise<Outcome<ListPage<SubscriptionProjectRow>>>;
  /** Loads a project and, signed in, the user's records and the wallet. */
  refreshSubscription(id: number): Promise<Outcome<null>>;
  /** The amount checked against the cap and the wallet, and its estimate at the current progress. */
  reviewSubscription(id: number, amount: string): Promise<SubscriptionReview>;
  /** Commits USDT to a project. One idempotency key per intent (project and amount). */
  commitSubscription(id: number, amount: string): Promise<Outcome<SubscriptionRecordRow>>;
  subscriptionRecords(page: number): Promise<Outcome<ListPage<SubscriptionRecordRow>>>;
  /** A project's published allocation, rechecked here with the rule. */
  subscriptionAllocation(projectId: number): Promise<Outcome<SubscriptionAllocationView>>;
}
