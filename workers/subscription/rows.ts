// The pre-sale subscriptions' rows, formatted for the locale: a project with its progress and the
// moment its countdown counts to, a user's record, the estimate of a commitment at the current
// progress (core/subscription/commitment.ts, by `estimateTokens`), and a published allocation
// recomputed here with the rule itself (`allocate`).

import {
  formatAmount,
  formatPercent,
  noPrecisions,
  quoteAsset,
  withUnit,
} from '../../core/figures.ts';
import { percentText, signedAtoms } from '../../core/market/decimal-atoms.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { PublishedAllocation } from '../../core/projections/subscription.ts';
import { allocate } from '../../core/subscription/allocation.ts';
import {
  type CommitmentEstimate,
  capRoom,
  checkCommitment,
  estimateCommitment,
} from '../../core/subscription/commitment.ts';
import type {
  SubscriptionProject,
  SubscriptionRecord,
} from '../../schemas/api/subscription.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { signOfAtoms, usdt, usdtAtoms } from '../product-kit/usdt.ts';
import type {
  AllocationEntryRow,
  SubscriptionAllocationView,
  SubscriptionEstimate,
  SubscriptionProjectRow,
  SubscriptionRecordRow,
  SubscriptionReview,
} from './types.ts';

const dated = (iso: string, locale: string) => formatTimestamp(iso, locale, 'dated');

/** A project's tokens: no market tells their precision, so the rule for unknown assets holds. */
export const tokens = (value: string, locale: string) =>
  formatAmount(value, '', noPrecisions, locale);
const tokenAtoms = (atoms: bigint, locale: string) => tokens(displayAmount(atoms), locale);

/** A fraction (`1.5`) in percent (`150%`); `--` when it is none. */
export function percentOf(fraction: string, locale: string): string {
  return formatPercent(percentText(fraction), locale);
}

function nextMoment(project: SubscriptionProject): SubscriptionProjectRow['next'] {
  switch (project.stage) {
    case 'upcoming':
      return { moment: 'start', at: Date.parse(project.start) };
    case 'presale':
      return { moment: 'end', at: Date.parse(project.end) };
    case 'finish':
      return { moment: 'distribute', at: Date.parse(project.distribute) };
    default:
      return null;
  }
}

export function projectRow(project: SubscriptionProject, locale: string): SubscriptionProjectRow {
  const percent = Number(percentText(project.progress) ?? '0');
  return {
    id: project.id,
    name: project.name,
    asset: project.asset,
    stage: project.stage,
    price: usdt(project.price, locale),
    supply: tokens(project.supply, locale),
    cap: usdt(project.cap, locale),
    committed: usdt(project.committed, locale),
    participants: project.participants,
    progress: percentOf(project.progress, locale),
    progressWidth: Math.max(0, Math.min(100, percent)),
    oversubscribed: percent > 100,
    start: Date.parse(project.start),
    end: Date.parse(project.end),
    distribute: Date.parse(project.distribute),
    startText: dated(project.start, locale),
    endText: dated(project.end, locale),
    distributeText: dated(project.distribute, locale),
    next: nextMoment(project),
  };
}

const maybe = (value: string | null, format: (value: string) => string) =>
  value === null ? null : format(value);

export function recordRow(record: SubscriptionRecord, locale: string): SubscriptionRecordRow {
  const profit = record.profit === null ? null : signedAtoms(record.profit);
  return {
    projectId: record.project_id,
    name: record.name,
    asset: record.asset,
    stage: record.stage,
    price: usdt(record.price, locale),
    payment: usdt(record.payment, locale),
    winning: maybe(record.winning, (value) => tokens(value, locale)),
    refund: maybe(record.refund, (value) => usdt(value, locale)),
    profit: profit === null ? null : usdtAtoms(profit, locale, true),
    profitRatio: maybe(record.profit_ratio, (value) => percentOf(value, locale)),
    profitSign: profit === null ? 0 : signOfAtoms(profit),
    committedAt: dated(record.committed_at, locale),
  };
}

export function estimateRow(estimate: CommitmentEstimate, locale: string): SubscriptionEstimate {
  return {
    commitment: usdtAtoms(estimate.commitment, locale),
    tokens: tokenAtoms(estimate.tokens, locale),
    cost: usdtAtoms(estimate.cost, locale),
    refund: usdtAtoms(estimate.refund, locale),
  };
}

/** The user's commitment so far: the record's payment, none without one once the records are known. */
export function committedSoFar(
  record: SubscriptionRecord | null,
  recordsKnown: boolean,
): string | null {
  if (record) return record.payment;
  return recordsKnown ? '0' : null;
}

/** The room the cap leaves, as an exact decimal; null while the commitment so far is unknown. */
export function roomLeft(project: SubscriptionProject, committed: string | null): string | null {
  if (committed === null) return null;
  const room = capRoom(project.cap, committed);
  return room === null ? null : displayAmount(room);
}

/** The amount typed checked against the cap and the wallet, and the estimate with it. */
export function review(
  project: SubscriptionProject | null,
  committed: string | null,
  available: string | null,
  amount: string,
  locale: string,
): SubscriptionReview {
  if (!project) return { problem: null, estimate: null };
  const checked = checkCommitment(amount, {
    cap: project.cap,
    committed: committed ?? '0',
    available,
  });
  if (typeof checked !== 'bigint') {
    // A commitment is paid in the quote, USDT.
    const params = checked.params
      ? { amount: withUnit(usdt(checked.params.amount, locale), quoteAsset, locale) }
      : {};
    return { problem: { rule: checked.rule, params }, estimate: null };
  }
  const estimate = estimateCommitment(project, parseAmount(committed ?? '0') ?? 0n, checked);
  return { problem: null, estimate: estimate && estimateRow(estimate, locale) };
}

/** The published commitments' allocation by the rule, entry by entry against what was published. */
export function allocationView(
  answer: PublishedAllocation,
  locale: string,
): SubscriptionAllocationView {
  const supply = parseAmount(answer.supply) ?? 0n;
  const price = parseAmount(answer.price) ?? 0n;
  const commitments = answer.entries.map((entry) => ({
    account: entry.account,
    committed: parseAmount(entry.committed) ?? 0n,
  }));
  const computed = answer.computed_at !== null && price > 0n;
  const byAccount = new Map(
    (computed ? allocate(supply, price, commitments) : []).map((row) => [row.account, row]),
  );
  const entries: AllocationEntryRow[] = answer.entries.map((entry) => {
    const mine = byAccount.get(entry.account);
    const agrees =
      !computed || !mine
        ? null
        : parseAmount(entry.allocated ?? '') === mine.tokens &&
          parseAmount(entry.refund ?? '') === mine.refund;
    return {
      account: entry.account.slice(0, 12),
      committed: usdt(entry.committed, locale),
      allocated: maybe(entry.allocated, (value) => tokens(value, locale)),
      refund: maybe(entry.refund, (value) => usdt(value, locale)),
      agrees,
    };
  });
  const committed = commitments.reduce((sum, entry) => sum + entry.committed, 0n);
  const allocated = [...byAccount.values()].reduce((sum, row) => sum + row.tokens, 0n);
  return {
    projectId: answer.project_id,
    rule: answer.rule,
    supply: tokens(answer.supply, locale),
    price: usdt(answer.price, locale),
    cap: usdt(answer.cap, locale),
    computedAt: maybe(answer.computed_at, (value) => dated(value, locale)),
    committed: usdtAtoms(committed, locale),
    participants: answer.entries.length,
    entries,
    recheck: computed
      ? {
          agrees: entries.every((entry) => entry.agrees === true),
          allocated: tokenAtoms(allocated, locale),
        }
      : null,
  };
}
