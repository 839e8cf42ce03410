// The second contract's side of the facade: its calls and what its views send. Figures to show
// arrive formatted for the locale; the ones a form builds on (the available balance, the stake
// bounds) arrive as exact decimals too.

import type { DurationUnit } from '../../core/option/durations.ts';
import type { OptionList } from '../../core/option/events.ts';
import type { OptionOrderForm } from '../../core/option/order.machine.ts';
import type { OptionDirection, OptionOutcome } from '../../core/option/settlement.ts';
import type { StakeRule } from '../../core/option/stake.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';
import type { ShownAmount } from '../product-kit/usdt.ts';

export type {
  DurationUnit,
  OptionDirection,
  OptionList,
  OptionOrderForm,
  OptionOutcome,
  ShownAmount,
  StakeRule,
};

/** A duration offered, with its published payout rate in percent (`80%`). */
export interface OptionDurationChip {
  unit: DurationUnit;
  length: number;
  rate: string;
}

export interface OptionDurationGroup {
  unit: DurationUnit;
  chips: readonly OptionDurationChip[];
}

/** Every duration offered with its rate (the same for every market). */
export interface OptionRatesView {
  durations: readonly OptionDurationGroup[];
}

/** A recorded index print a contract read: its price and its second, formatted. */
export interface ReadPrintRow {
  price: string;
  time: string;
}

export interface OptionContractRow {
  id: number;
  symbol: string;
  direction: OptionDirection;
  unit: DurationUnit;
  length: number;
  /** USDT. */
  stake: string;
  /** The published payout rate it was placed at, in percent. */
  rate: string;
  /** What a win pays back: stake × (1 + rate). */
  winPays: string;
  acceptedAt: string;
  /** The opening and expiry seconds, ms since the epoch (the countdown), and as written. */
  openTime: number;
  expiryTime: number;
  openTimeText: string;
  expiryTimeText: string;
  /** The opening print once known: recorded at settlement, or found in the recorded prints. */
  opening: ReadPrintRow | null;
  /** The opening price as a number, for drawing it on the chart; null while unknown. */
  openingValue: number | null;
  settlement: ReadPrintRow | null;
  status: 'open' | 'settled';
  outcome: OptionOutcome | null;
  /** Paid back on settlement (USDT); null while open. */
  payout: string | null;
  /** Payout less stake, signed; null while open. */
  result: string | null;
  resultSign: -1 | 0 | 1;
  settledAt: string | null;
}

/** The user's record over their newest settled contracts. */
export interface OptionRecordView {
  /** Wins of the decided contracts in percent; null before any was decided. */
  hitRate: string | null;
  wins: number;
  losses: number;
  /** Refunded or void: decided nothing. */
  undecided: number;
  /** How many settled contracts it is reckoned over. */
  sample: number;
}

export interface OptionLimitsView {
  daily: ShownAmount;
  /** The most anyone may set here. */
  max: ShownAmount;
  lostToday: string;
  /** A raise waits a day: the coming limit and from when. */
  pending: { daily: string; from: string } | null;
}

export interface OptionTradeView {
  symbol: string;
  base: string;
  last: string;
  trend: -1 | 0 | 1;
  /** The index went stale: no contract opens until it is fresh. */
  stale: boolean;
  simulated: boolean;
  loggedIn: boolean;
  /** Null until `/option/products` answered. */
  offer: {
    /** The second contract takes new contracts in this deployment. */
    enabled: boolean;
    /** Why not, while `enabled` is false: not offered here, or the price feed is predictable. */
    closedReason: 'trading_off' | 'predictable_feed' | null;
    /** This market is one of its markets. */
    offered: boolean;
    minStake: ShownAmount;
    maxStake: ShownAmount;
    openLimit: number;
  } | null;
  durations: readonly OptionDurationGroup[];
  /** The second-contract wallet's available USDT; null while unknown. */
  available: ShownAmount | null;
  /** Every market's open contracts and those seen settling, newest first. */
  contracts: readonly OptionContractRow[];
  openCount: number;
  record: OptionRecordView | null;
  limits: OptionLimitsView | null;
}

/** A stake problem with what its message names (`amount`, `decimals`), already formatted. */
export interface OptionStakeProblem {
  rule: StakeRule;
  params: Readonly<Record<string, string | number>>;
}

/** What the form shows before placing, at the published rate (core/option/odds.ts). */
export interface OptionReview {
  problem: OptionStakeProblem | null;
  /** The stake as the confirmation repeats it; null without a valid stake. */
  stake: string | null;
  /** The duration's published rate in percent; null when the duration is not offered. */
  rate: string | null;
  /** What a win pays back; null without a stake. */
  payout: string | null;
  /** The expected gain at a 50 % hit rate, signed. */
  expectedValue: string | null;
  expectedSign: -1 | 0 | 1;
  /** The hit rate at which the rate breaks even, in percent. */
  breakEven: string | null;
}

/** A print of a verification's window: the one the rule read is `chosen`. */
export interface VerifiedPrintRow {
  time: string;
  price: string;
  sources: string;
  stale: boolean;
  chosen: boolean;
}

export interface OptionVerificationView {
  id: number;
  symbol: string;
  direction: OptionDirection;
  unit: DurationUnit;
  length: number;
  rate: string;
  rule: string;
  status: 'open' | 'settled';
  openTime: string;
  expiryTime: string;
  opening: VerifiedPrintRow | null;
  settlement: VerifiedPrintRow | null;
  openingWindow: readonly VerifiedPrintRow[];
  settlementWindow: readonly VerifiedPrintRow[];
  recorded: OptionOutcome | null;
  /** The server's recomputation from the recorded prints, and whether it matches the record. */
  recomputed: OptionOutcome | null;
  matches: boolean | null;
  /**
   * The same rule run again here, in the app, on the prints shown: its outcome, and whether it
   * agrees with what was recorded; null until the contract settled.
   */
  recheck: { outcome: OptionOutcome; agrees: boolean } | null;
  /** Only the owner sees the money. */
  mine: boolean;
  stake: string | null;
  recordedPayout: string | null;
  recomputedPayout: string | null;
}

export interface OptionHandlers {
  /** Loads the second contract's markets with their tickers and durations (`/market/second`). */
  loadOptionBoard(): Promise<Outcome<{ symbols: string[] }>>;
  /** Loads what is offered and, signed in, the open contracts, the record, balances and limits. */
  refreshOption(): Promise<Outcome<null>>;
  /** The stake checked against the bounds and the wallet, and the odds at the published rate. */
  reviewOption(form: OptionOrderForm): Promise<OptionReview>;
  /** Places a contract. One idempotency key per intent (the order's fields). */
  placeOption(symbol: string, form: OptionOrderForm): Promise<Outcome<OptionContractRow>>;
  optionContracts(status: OptionList, page: number): Promise<Outcome<ListPage<OptionContractRow>>>;
  /** A contract recomputed from its recorded prints, by the server and again here. */
  verifyOption(id: number): Promise<Outcome<OptionVerificationView>>;
  /** Sets the daily loss limit: a lower one counts at once, a higher one a day later. */
  setOptionLimit(amount: string): Promise<Outcome<null>>;
}
