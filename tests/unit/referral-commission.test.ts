// The pure parts of the invite programme: commission shares per level, the rates setting, masking.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { commissionOn, commissionPostings } from '../../server/referrals/commission.ts';
import { maskAccount } from '../../server/referrals/mask-account.ts';
import { referralRates } from '../../server/referrals/referral-rates.ts';
import type { Fill } from '../../server/spot/settlement.ts';

const market = { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT' };
const rates = [200_000, 100_000, 50_000];

function fill(overrides: Partial<Fill> = {}): Fill {
  return {
    takerOrderId: 7,
    makerOrderId: 3,
    takerUserId: 40,
    makerUserId: 50,
    takerSide: 'buy',
    price: 1,
    quantity: 1,
    quote: 1,
    takerFee: 1_000n,
    makerFee: 50_000_000n,
    ...overrides,
  };
}

describe('commission postings', () => {
  it('rounds each share down to a whole atom', () => {
    expect(commissionOn(1_000n, 200_000)).toBe(200n);
    expect(commissionOn(9n, 200_000)).toBe(1n);
    expect(commissionOn(4n, 200_000)).toBe(0n);
  });

  it("pays the buyer's inviters in base and the seller's in quote, nearest level first", () => {
    const chains = new Map([
      [40, [30, 20, 10, 5]],
      [50, [60]],
    ]);
    const postings = commissionPostings(market, [fill()], chains, rates);
    // One posting per level, so what each level earned is read by its kind.
    expect(postings.map((posting) => [posting.kind, posting.reference])).toEqual([
      ['commission.referral.1', 'spot:commission:7:0:1'],
      ['commission.referral.2', 'spot:commission:7:0:2'],
      ['commission.referral.3', 'spot:commission:7:0:3'],
    ]);
    const credited = postings.flatMap((posting) =>
      posting.legs
        .filter((leg) => 'user' in leg.account)
        .map((leg) => ['user' in leg.account && leg.account.user, leg.account.asset, leg.amount]),
    );
    // User 5 is level 4 of the buyer: nothing.
    expect(credited).toEqual([
      [30, 'BTC', 200n],
      [60, 'USDT', 10_000_000n],
      [20, 'BTC', 100n],
      [10, 'BTC', 50n],
    ]);
    for (const posting of postings) {
      for (const asset of ['BTC', 'USDT']) {
        const legs = posting.legs.filter((leg) => leg.account.asset === asset);
        expect(legs.reduce((sum, leg) => sum + leg.amount, 0n)).toBe(0n);
      }
    }
  });

  it('names each fill by its position, as its fill posting does', () => {
    const chains = new Map([[40, [30]]]);
    const postings = commissionPostings(market, [fill(), fill()], chains, rates);
    expect(postings.map((posting) => posting.reference)).toEqual([
      'spot:commission:7:0:1',
      'spot:commission:7:1:1',
    ]);
  });

  it('posts nothing without inviters, without fees or with fewer configured levels', () => {
    expect(commissionPostings(market, [fill()], new Map(), rates)).toEqual([]);
    const free = fill({ takerFee: 0n, makerFee: 0n });
    expect(commissionPostings(market, [free], new Map([[40, [30]]]), rates)).toEqual([]);
    const postings = commissionPostings(market, [fill()], new Map([[40, [30, 20]]]), [200_000]);
    expect(postings).toHaveLength(1);
    expect(postings[0]?.legs.filter((leg) => 'user' in leg.account)).toHaveLength(1);
  });
});

describe('REFERRAL_RATES', () => {
  it('reads up to three fractions as parts per million', () => {
    expect(referralRates.parse('0.2,0.1,0.05')).toEqual([200_000, 100_000, 50_000]);
    expect(referralRates.parse('0.3')).toEqual([300_000]);
    expect(referralRates.parse('0')).toEqual([0]);
  });

  it('refuses more than three levels, bad numbers and more than the whole fee', () => {
    for (const bad of ['0.1,0.1,0.1,0.1', '20%', '0.1234567', '0.6,0.5', '-0.1', '1.5']) {
      expect(referralRates.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('is a setting with the default shares, and a bad value names the variable', () => {
    expect(loadConfig({}).spot.referralRatesPpm).toEqual([200_000, 100_000, 50_000]);
    expect(loadConfig({ REFERRAL_RATES: '0.1' }).spot.referralRatesPpm).toEqual([100_000]);
    expect(() => loadConfig({ REFERRAL_RATES: '0.6,0.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ REFERRAL_RATES: '0.6,0.5' })).toThrow(/REFERRAL_RATES/);
  });
});

describe('masked accounts', () => {
  it('keeps enough to recognise, not to contact', () => {
    expect(maskAccount('alice@example.com')).toBe('al***@example.com');
    expect(maskAccount('a@example.com')).toBe('a***@example.com');
    expect(maskAccount('+447700900123')).toBe('+447***0123');
    expect(maskAccount('12345')).toBe('1***');
  });
});
