// A commitment to a pre-sale as the buy page checks and previews it before it is sent, with the
// project's own figures: USDT of at most eight decimals, no more than the cap leaves the user
// (the cap less what they committed already) and no more than the funding wallet holds; and what
// it would buy if the pre-sale ended now, by the published rule (allocation.ts). The server judges
// the commitment again; this spares a round trip.
import { displayAmount, parseAmount } from '../money.ts';
import { costOf, estimateTokens } from './allocation.ts';

export type CommitmentRule = 'required' | 'invalid' | 'aboveCap' | 'insufficient';

export interface CommitmentProblem {
  rule: CommitmentRule;
  /** What the message names, as an exact decimal: the most that may still be committed. */
  params?: { amount: string };
}

export interface CommitmentBounds {
  /** Exact decimals: the project's cap, the user's commitment so far, the funding wallet's USDT. */
  cap: string;
  committed: string;
  /** Null while the wallet is not known: the server alone judges it then. */
  available: string | null;
}

/** What the cap leaves the user, in atoms (never below 0); null when a figure is not a decimal. */
export function capRoom(cap: string, committed: string): bigint | null {
  const most = parseAmount(cap);
  const mine = parseAmount(committed);
  if (most === null || mine === null) return null;
  return most > mine ? most - mine : 0n;
}

/** The amount typed, in atoms, or what is wrong with it. */
export function checkCommitment(
  text: string,
  bounds: CommitmentBounds,
): CommitmentProblem | bigint {
  const trimmed = text.trim();
  if (trimmed === '') return { rule: 'required' };
  const amount = parseAmount(trimmed);
  if (amount === null || amount === 0n) return { rule: 'invalid' };
  const room = capRoom(bounds.cap, bounds.committed);
  if (room !== null && amount > room) {
    return { rule: 'aboveCap', params: { amount: displayAmount(room) } };
  }
  const available = bounds.available === null ? null : parseAmount(bounds.available);
  if (available !== null && amount > available) return { rule: 'insufficient' };
  return amount;
}

/** What a commitment would come to if the pre-sale ended now, in atoms. */
export interface CommitmentEstimate {
  /** The user's whole commitment: what they committed before and what they add. */
  commitment: bigint;
  tokens: bigint;
  /** What the tokens cost, rounded up to the atom. */
  cost: bigint;
  /** Released at distribution: the commitment less the cost. */
  refund: bigint;
}

export interface ProjectTerms {
  /** Exact decimals as the project lists them: tokens for sale, USDT per token, USDT committed. */
  supply: string;
  price: string;
  committed: string;
}

/**
 * The estimate at the current progress: the user's commitment so far plus `added`, against
 * everyone's commitments plus `added`, by `estimateTokens`; null when the terms are no decimals.
 */
export function estimateCommitment(
  project: ProjectTerms,
  mine: bigint,
  added: bigint,
): CommitmentEstimate | null {
  const supply = parseAmount(project.supply);
  const price = parseAmount(project.price);
  const total = parseAmount(project.committed);
  if (supply === null || price === null || price === 0n || total === null) return null;
  const commitment = mine + added;
  const tokens = estimateTokens(commitment, total + added, supply, price);
  const cost = costOf(tokens, price);
  return { commitment, tokens, cost, refund: commitment - cost };
}
