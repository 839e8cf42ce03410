// The proof-of-reserves side of the facade (docs/wallet.md § "Proof of reserves"): what the
// worker found when it checked the user's proof against the published root. Amounts arrive
// formatted for the locale, exactly as counted (no rounding); the two files arrive as the JSON
// that `npm run proof:verify` reads.
import type { Outcome } from '../kernel/outcome.ts';

/** One asset's amount: the exact decimal and its text for the locale. */
export interface ReserveAmount {
  asset: string;
  amount: string;
  shown: string;
}

/** One step of the path from the user's leaf to the root: the sibling met at that level. */
export interface ReserveProofStep {
  /** 1 for the leaf's sibling, the path's length for the root's child. */
  level: number;
  side: 'left' | 'right';
  hash: string;
  /** The sibling's sums per asset, formatted. */
  sums: readonly ReserveAmount[];
}

/** The verdict of the check: verified, or the level that fails (0 the leaf) and why. */
export type ReserveVerdict =
  | { verified: true }
  | { verified: false; level: number; reason: string };

/**
 * What the exchange held on chain when the snapshot was taken, as it published it beside the
 * totals: where it was read, and per asset the total over the addresses read.
 */
export interface ReserveHoldings {
  network: string;
  /** The block the balances were read at, as the chain numbers it. */
  block: string;
  addressesRead: number;
  assets: readonly { asset: string; shown: string }[];
}

export interface ReserveProofView {
  found: true;
  snapshotId: number;
  /** When the snapshot was taken, formatted. */
  takenAt: string;
  rootHash: string;
  users: number;
  usersShown: string;
  totals: readonly ReserveAmount[];
  /** The user's own balances, as counted in their leaf. */
  balances: readonly ReserveAmount[];
  path: readonly ReserveProofStep[];
  verdict: ReserveVerdict;
  /** How long the check took in the worker, in milliseconds. */
  verifyMs: number;
  /** The same, formatted for the locale with two decimals. */
  verifyShown: string;
  /** Null when the snapshot published no holdings (no real chain is configured). */
  holdings: ReserveHoldings | null;
  /** The user's proof file and the root's, as `npm run proof:verify -- proof.json root.json` reads. */
  files: { proof: string; root: string };
}

/** No snapshot counts this user yet (none taken, or taken before they joined). */
export interface ReserveProofMissing {
  found: false;
}

export type ReserveProofAnswer = ReserveProofView | ReserveProofMissing;

export interface ReservesHandlers {
  /** Fetches the user's proof of reserves and verifies it here, timing the check. */
  reserveProof(): Promise<Outcome<ReserveProofAnswer>>;
}
