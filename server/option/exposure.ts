// What the pool may have to pay for the open contracts: for each group of contracts that share a
// market, an opening second and an expiry (so the same two prints decide them all), the most the
// group can cost is what its up side pays if up wins, what its down side pays if down wins, or
// every stake back if the prices are equal or the group is void. Up and down net within a group;
// groups add up. An order is taken only while the pool covers the total with it included.
import { winPayout } from '../../core/option/settlement.ts';

export interface ExposureEntry {
  symbol: string;
  direction: 'up' | 'down';
  stake: bigint;
  ratePpm: number;
  openTime: number;
  expiryTime: number;
}

interface Group {
  upStake: bigint;
  downStake: bigint;
  upPayout: bigint;
  downPayout: bigint;
}

const worstOf = (group: Group): bigint => {
  const refunds = group.upStake + group.downStake;
  let worst = refunds;
  if (group.upPayout > worst) worst = group.upPayout;
  if (group.downPayout > worst) worst = group.downPayout;
  return worst;
};

export class Exposure {
  readonly #groups = new Map<string, Group>();
  #total = 0n;

  /** The most the open contracts can cost the pool. */
  get total(): bigint {
    return this.#total;
  }

  /** The total with `entry` added, without adding it. */
  totalWith(entry: ExposureEntry): bigint {
    const group = this.#groups.get(keyOf(entry)) ?? empty();
    return this.#total - worstOf(group) + worstOf(added(group, entry, 1n));
  }

  add(entry: ExposureEntry): void {
    this.#change(entry, 1n);
  }

  remove(entry: ExposureEntry): void {
    this.#change(entry, -1n);
  }

  #change(entry: ExposureEntry, sign: bigint): void {
    const key = keyOf(entry);
    const group = this.#groups.get(key) ?? empty();
    const next = added(group, entry, sign);
    this.#total += worstOf(next) - worstOf(group);
    if (next.upStake === 0n && next.downStake === 0n) this.#groups.delete(key);
    else this.#groups.set(key, next);
  }
}

function keyOf(entry: ExposureEntry): string {
  return `${entry.symbol}:${entry.openTime}:${entry.expiryTime}`;
}

function empty(): Group {
  return { upStake: 0n, downStake: 0n, upPayout: 0n, downPayout: 0n };
}

function added(group: Group, entry: ExposureEntry, sign: bigint): Group {
  const payout = winPayout(entry.stake, entry.ratePpm) * sign;
  const stake = entry.stake * sign;
  return entry.direction === 'up'
    ? { ...group, upStake: group.upStake + stake, upPayout: group.upPayout + payout }
    : { ...group, downStake: group.downStake + stake, downPayout: group.downPayout + payout };
}
