// Request weights, as Binance counts them: each endpoint has a weight, and each client address may
// use `limit` a minute (fixed minutes of the clock, as Binance's `X-MBX-USED-WEIGHT-1M` counts).
// A request that does not fit is refused with 429 and counts nothing; an address that goes on
// calling after it was refused (more than `refusalsBeforeBan` refusals in one minute) is banned,
// answered 418 until the ban ends: 2 minutes the first time, doubling with each ban it is
// remembered for, up to 3 days.
//
// Counters live in this node's memory: a refusal must cost nothing (no database, no bus), and the
// app's own rate limit already counts per node (docs/operations.md). An address reaching several
// nodes through a balancer may use the limit on each. The table is bounded: past `maxAddresses` the
// address seen least recently is forgotten (its weight, and with it a ban, though an address under
// a ban that keeps calling is never the least recent one).
import { addressGroup } from '../gateway/client-address.ts';
import { type BinanceError, doorErrors } from './errors.ts';

export interface WeightSettings {
  /** Weight an address may use a minute. */
  limit: number;
  /** Refusals (429) an address may meet in one minute before it is banned. */
  refusalsBeforeBan?: number;
  /** Addresses remembered at most. */
  maxAddresses?: number;
}

export type WeightVerdict =
  | { kind: 'admitted'; used: number }
  | { kind: 'over'; used: number; retryAfterSeconds: number }
  | { kind: 'banned'; used: number; untilMs: number; retryAfterSeconds: number };

interface AddressWeight {
  minute: number;
  used: number;
  refusals: number;
  bannedUntil: number;
  bans: number;
}

const minuteMs = 60_000;
export const firstBanMs = 2 * minuteMs;
export const longestBanMs = 3 * 24 * 3_600_000;

export class WeightLimiter {
  private readonly addresses = new Map<string, AddressWeight>();
  private readonly refusalsBeforeBan: number;
  private readonly maxAddresses: number;

  constructor(
    private readonly settings: WeightSettings,
    private readonly now: () => number,
  ) {
    this.refusalsBeforeBan = settings.refusalsBeforeBan ?? 5;
    this.maxAddresses = settings.maxAddresses ?? 100_000;
  }

  get limit(): number {
    return this.settings.limit;
  }

  /** Counts a request of `weight` from `ip`, or says why it is refused. */
  spend(ip: string, weight: number): WeightVerdict {
    const at = this.now();
    const entry = this.entryOf(addressGroup(ip), at);
    if (entry.bannedUntil > at) {
      return { kind: 'banned', used: entry.used, ...this.banTimes(entry, at) };
    }
    if (entry.used + weight <= this.settings.limit) {
      entry.used += weight;
      return { kind: 'admitted', used: entry.used };
    }
    entry.refusals += 1;
    if (entry.refusals > this.refusalsBeforeBan) {
      entry.bans += 1;
      entry.bannedUntil = at + Math.min(firstBanMs * 2 ** (entry.bans - 1), longestBanMs);
      return { kind: 'banned', used: entry.used, ...this.banTimes(entry, at) };
    }
    const minuteEnd = (entry.minute + 1) * minuteMs;
    return { kind: 'over', used: entry.used, retryAfterSeconds: secondsUntil(minuteEnd, at) };
  }

  /** Addresses remembered now (for tests and the operator). */
  get size(): number {
    return this.addresses.size;
  }

  private banTimes(entry: AddressWeight, at: number) {
    return { untilMs: entry.bannedUntil, retryAfterSeconds: secondsUntil(entry.bannedUntil, at) };
  }

  /** The address's counters in the current minute, moved to the most recently seen end. */
  private entryOf(address: string, at: number): AddressWeight {
    const minute = Math.floor(at / minuteMs);
    const entry = this.addresses.get(address) ?? {
      minute,
      used: 0,
      refusals: 0,
      bannedUntil: 0,
      bans: 0,
    };
    if (entry.minute !== minute) {
      entry.minute = minute;
      entry.used = 0;
      entry.refusals = 0;
    }
    this.addresses.delete(address);
    this.addresses.set(address, entry);
    if (this.addresses.size > this.maxAddresses) {
      const oldest = this.addresses.keys().next().value;
      if (oldest !== undefined) this.addresses.delete(oldest);
    }
    return entry;
  }
}

function secondsUntil(endMs: number, at: number): number {
  return Math.max(1, Math.ceil((endMs - at) / 1000));
}

/** Binance's refusal of a verdict: 429 over the minute's weight, 418 while banned; none admitted. */
export function weightRefusal(verdict: WeightVerdict, limit: number): BinanceError | undefined {
  if (verdict.kind === 'over') return doorErrors.tooMuchWeight(limit, verdict.retryAfterSeconds);
  if (verdict.kind === 'banned')
    return doorErrors.banned(verdict.untilMs, verdict.retryAfterSeconds);
  return undefined;
}
