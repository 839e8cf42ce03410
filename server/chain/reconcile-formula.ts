// The reconciliation's arithmetic (docs/wallet.md § "Reconciliation"), pure so it is tested with
// plain numbers: what the chain holds less what the ledger owes, split into the differences whose
// cause is known, and what is left unexplained. Every amount is an integer of the asset's finest
// unit, the finer of the chain's and the ledger's (wei for ETH, 10⁻⁸ for USDT), so nothing rounds.

/** One known cause of a difference, signed as it moves holdings − liabilities. */
export interface ReconcileLine {
  name: string;
  amount: bigint;
  /** What it is, for the operator reading the report. */
  what: string;
}

export interface ReconcileInputs {
  /** On-chain: the hot wallet and the deposit addresses, at one block. */
  holdings: bigint;
  /** Every user's balance of the asset, all wallets, available + frozen. */
  users: bigint;
  /** `withdrawals_in_flight`: approved withdrawals the ledger still owes. */
  inFlight: bigint;
  /** The known differences, dust aside. */
  lines: readonly ReconcileLine[];
  /**
   * The most the chain can hold below the ledger's eighth decimal: deposits' wei under 10⁻⁸ ETH,
   * less than 10¹⁰ wei per deposit (0 for an asset whose chain unit is not finer than the ledger's).
   */
  dustBound: bigint;
}

export interface ReconcileResult {
  holdings: bigint;
  liabilities: { users: bigint; inFlight: bigint; total: bigint };
  /** Holdings − liabilities. */
  difference: bigint;
  lines: ReconcileLine[];
  /** What is left after the known lines; taken as dust when it lies within the dust bound. */
  dust: bigint;
  unexplained: bigint;
  /** Holdings are at least the liabilities. */
  covered: boolean;
}

export function reconcile(inputs: ReconcileInputs): ReconcileResult {
  const total = inputs.users + inputs.inFlight;
  const difference = inputs.holdings - total;
  const known = inputs.lines.reduce((sum, line) => sum + line.amount, 0n);
  const rest = difference - known;
  // Dust is never negative and never more than the bound: anything else is not dust, and the
  // whole rest is shown as unexplained rather than part of it hidden as dust.
  const dust = rest >= 0n && rest <= inputs.dustBound ? rest : 0n;
  return {
    holdings: inputs.holdings,
    liabilities: { users: inputs.users, inFlight: inputs.inFlight, total },
    difference,
    lines: [...inputs.lines],
    dust,
    unexplained: rest - dust,
    covered: difference >= 0n,
  };
}
