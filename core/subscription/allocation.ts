// A pre-sale's allocation, as published (docs/subscriptions.md): one pure function of the
// project's supply, price and the commitments, so anyone can recompute it from what
// `/subscription/allocation` publishes, and the server distributes exactly what it answers.
// Token amounts and USDT in atoms (10^-8); the price in USDT atoms per whole token.
//
// 1. Each commitment can buy at most `floor(committed × 10^8 ÷ price)` token atoms (its demand;
//    commitments are capped at the project's cap when they are made).
// 2. Undersubscribed (demand ≤ supply): everyone gets their demand.
// 3. Oversubscribed: the supply is shared pro rata by committed USDT, each share rounded down; the
//    atoms left over go one at a time to the largest remainders (ties to the smaller account
//    hash), never past a commitment's demand, so the allocations sum to the supply exactly.
// 4. Each pays its tokens' cost rounded up to the atom (never more than it committed); the rest of
//    its commitment is refunded.

export interface Commitment {
  /** The published account hash: the tie break and the order, so the input order never matters. */
  account: string;
  committed: bigint;
}

export interface Allocation {
  account: string;
  committed: bigint;
  tokens: bigint;
  cost: bigint;
  refund: bigint;
}

export const tokenUnit = 100_000_000n;

export function demandOf(committed: bigint, price: bigint): bigint {
  return (committed * tokenUnit) / price;
}

export function costOf(tokens: bigint, price: bigint): bigint {
  return (tokens * price + tokenUnit - 1n) / tokenUnit;
}

export function allocate(
  supply: bigint,
  price: bigint,
  commitments: readonly Commitment[],
): Allocation[] {
  const sorted = [...commitments].sort((a, b) =>
    a.account < b.account ? -1 : a.account > b.account ? 1 : 0,
  );
  const demands = sorted.map((commitment) => demandOf(commitment.committed, price));
  const demanded = demands.reduce((sum, demand) => sum + demand, 0n);
  const committed = sorted.reduce((sum, commitment) => sum + commitment.committed, 0n);
  let tokens: bigint[];
  if (demanded <= supply || committed === 0n) {
    tokens = demands;
  } else {
    tokens = sorted.map((commitment) => (supply * commitment.committed) / committed);
    const remainders = sorted.map((commitment) => (supply * commitment.committed) % committed);
    let left = supply - tokens.reduce((sum, share) => sum + share, 0n);
    const order = sorted
      .map((_, i) => i)
      .sort((a, b) => {
        const byRemainder = (remainders[b] as bigint) - (remainders[a] as bigint);
        if (byRemainder !== 0n) return byRemainder > 0n ? 1 : -1;
        return a - b;
      });
    while (left > 0n) {
      let given = false;
      for (const i of order) {
        if (left === 0n) break;
        if ((tokens[i] as bigint) >= (demands[i] as bigint)) continue;
        tokens[i] = (tokens[i] as bigint) + 1n;
        left -= 1n;
        given = true;
      }
      if (!given) break;
    }
  }
  return sorted.map((commitment, i) => {
    const allocated = tokens[i] as bigint;
    const cost = costOf(allocated, price);
    return {
      account: commitment.account,
      committed: commitment.committed,
      tokens: allocated,
      cost,
      refund: commitment.committed - cost,
    };
  });
}

/**
 * What a commitment would get if the pre-sale ended now, as the buy page shows it: its demand,
 * or its pro-rata share of the supply when everyone's demand exceeds it; never more than the
 * supply or the commitment's demand. Everyone's commitments are taken as at least this one, so a
 * project total read before the user's own commitment arrived (a list answered earlier) cannot
 * make the whole supply look unclaimed.
 */
export function estimateTokens(
  mine: bigint,
  totalCommitted: bigint,
  supply: bigint,
  price: bigint,
): bigint {
  const demand = demandOf(mine, price);
  const total = totalCommitted > mine ? totalCommitted : mine;
  const capped = demand < supply ? demand : supply;
  if (total === 0n || demandOf(total, price) <= supply) return capped;
  const share = (supply * mine) / total;
  // Never past the commitment's demand (Math.min does not take bigints).
  return share < capped ? share : capped;
}
