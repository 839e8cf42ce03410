// The door's request weights: per address and per minute of the clock, 429 past the limit, 418 for
// an address that keeps calling, bans growing, and a bounded table. The clock is a number the test
// moves: no test waits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstBanMs, longestBanMs, WeightLimiter } from '../../server/binance/weights.ts';

function limiterAt(start: number, settings: ConstructorParameters<typeof WeightLimiter>[0]) {
  const clock = { now: start };
  return { clock, limiter: new WeightLimiter(settings, () => clock.now) };
}

describe('WeightLimiter', () => {
  it('admits exactly what fits in the minute, never using more than the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.record({ weight: fc.integer({ min: 1, max: 50 }), wait: fc.nat(20_000) }), {
          maxLength: 60,
        }),
        (limit, requests) => {
          // Far from any ban: this property is about counting.
          const { clock, limiter } = limiterAt(0, { limit, refusalsBeforeBan: 1_000 });
          let minute = 0;
          let used = 0;
          for (const { weight, wait } of requests) {
            clock.now += wait;
            const nowMinute = Math.floor(clock.now / 60_000);
            if (nowMinute !== minute) {
              minute = nowMinute;
              used = 0;
            }
            const verdict = limiter.spend('10.0.0.1', weight);
            const fits = used + weight <= limit;
            expect(verdict.kind).toBe(fits ? 'admitted' : 'over');
            if (fits) used += weight;
            expect(verdict.used).toBe(used);
            expect(verdict.used).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('gives the whole limit back when the minute rolls over, and counts addresses apart', () => {
    const { clock, limiter } = limiterAt(60_000 * 10 + 59_000, { limit: 10 });
    expect(limiter.spend('10.0.0.1', 10)).toEqual({ kind: 'admitted', used: 10 });
    expect(limiter.spend('10.0.0.1', 1)).toEqual({ kind: 'over', used: 10, retryAfterSeconds: 1 });
    expect(limiter.spend('10.0.0.2', 10)).toEqual({ kind: 'admitted', used: 10 });
    clock.now += 1_000;
    expect(limiter.spend('10.0.0.1', 3)).toEqual({ kind: 'admitted', used: 3 });
  });

  it('tells a refused address to wait until the minute ends', () => {
    const { limiter } = limiterAt(60_000 * 5 + 15_500, { limit: 1 });
    limiter.spend('10.0.0.1', 1);
    expect(limiter.spend('10.0.0.1', 1)).toMatchObject({ kind: 'over', retryAfterSeconds: 45 });
  });

  it('bans an address that keeps calling after its refusals, longer each time, up to 3 days', () => {
    const { clock, limiter } = limiterAt(0, { limit: 1, refusalsBeforeBan: 2 });
    const banLengths: number[] = [];
    for (let ban = 0; ban < 14; ban += 1) {
      limiter.spend('10.0.0.1', 1);
      expect(limiter.spend('10.0.0.1', 1).kind).toBe('over');
      expect(limiter.spend('10.0.0.1', 1).kind).toBe('over');
      const banned = limiter.spend('10.0.0.1', 1);
      if (banned.kind !== 'banned') throw new Error(`expected a ban, got ${banned.kind}`);
      banLengths.push(banned.untilMs - clock.now);
      expect(banned.retryAfterSeconds).toBe(Math.ceil((banned.untilMs - clock.now) / 1000));
      // Still banned just before its end, whatever the weight, and the next minute too.
      clock.now = banned.untilMs - 1;
      expect(limiter.spend('10.0.0.1', 0).kind).toBe('banned');
      clock.now = banned.untilMs;
    }
    expect(banLengths.slice(0, 3)).toEqual([firstBanMs, 2 * firstBanMs, 4 * firstBanMs]);
    expect(Math.max(...banLengths)).toBe(longestBanMs);
  });

  it('counts an IPv6 /64 as one address, and an IPv4 address written as IPv6 as itself', () => {
    const { limiter } = limiterAt(0, { limit: 2 });
    limiter.spend('2001:db8:1:2::1', 1);
    expect(limiter.spend('2001:db8:1:2::ffff', 1)).toEqual({ kind: 'admitted', used: 2 });
    limiter.spend('::ffff:10.0.0.9', 1);
    expect(limiter.spend('10.0.0.9', 1)).toEqual({ kind: 'admitted', used: 2 });
  });

  it('remembers at most maxAddresses, forgetting the one seen least recently', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 200 }), (hosts) => {
        const { limiter } = limiterAt(0, { limit: 100, maxAddresses: 8 });
        for (const host of hosts) limiter.spend(`10.0.1.${host}`, 1);
        expect(limiter.size).toBeLessThanOrEqual(8);
      }),
    );
    const { limiter } = limiterAt(0, { limit: 1, maxAddresses: 2 });
    limiter.spend('10.0.0.1', 1);
    limiter.spend('10.0.0.2', 1);
    limiter.spend('10.0.0.1', 0);
    limiter.spend('10.0.0.3', 1);
    // 10.0.0.2 was forgotten, 10.0.0.1 (seen again) kept.
    expect(limiter.spend('10.0.0.1', 1).kind).toBe('over');
    expect(limiter.spend('10.0.0.2', 1).kind).toBe('admitted');
  });
});
