// The asset center's balances as the `balances` channel keeps them: pushed amounts laid over the
// valued answer, each revalued exactly at the price the answer implied (USDT at 1), the totals
// summed again; an asset the answer cannot price shows no worth and counts in no total.
import { describe, expect, it } from 'vitest';
import { initialBalances } from '../../core/projections/balances.ts';
import type { WalletBalances } from '../../core/projections/wallet.ts';
import { withPushedBalances } from '../../workers/wallet/live-balances.ts';

const answer: WalletBalances = {
  balances: [
    { wallet: 'funding', asset: 'USDT', available: '0', frozen: '0', value_usdt: '0' },
    { wallet: 'funding', asset: 'BTC', available: '0.3', frozen: '0', value_usdt: '20000' },
  ],
  totals: { funding: '20000', contract: '0', option: '0', all: '20000' },
};

const pushed = (accounts: Record<string, { available: string; frozen: string }>) => ({
  ...initialBalances,
  accounts,
  known: true,
});

describe('withPushedBalances', () => {
  it('is the answer itself while nothing newer was pushed', () => {
    const same = pushed({
      'funding:USDT': { available: '0', frozen: '0' },
      'funding:BTC': { available: '0.3', frozen: '0' },
    });
    expect(withPushedBalances(answer, same)).toBe(answer);
  });

  it('shows a pushed deposit and counts it in the totals', () => {
    const after = withPushedBalances(
      answer,
      pushed({
        'funding:USDT': { available: '50000', frozen: '0' },
        'funding:BTC': { available: '0.1', frozen: '0.05' },
      }),
    );
    expect(after.balances).toEqual([
      { wallet: 'funding', asset: 'USDT', available: '50000', frozen: '0', value_usdt: '50000' },
      // 20000 for 0.3: 0.15 is worth 10000, exactly.
      { wallet: 'funding', asset: 'BTC', available: '0.1', frozen: '0.05', value_usdt: '10000' },
    ]);
    expect(after.totals).toEqual({ funding: '60000', contract: '0', option: '0', all: '60000' });
  });

  it('adds an account the answer did not hold, unvalued when it has no price', () => {
    const after = withPushedBalances(
      answer,
      pushed({
        'contract:USDT': { available: '7', frozen: '0' },
        'funding:ETH': { available: '2', frozen: '0' },
      }),
    );
    expect(after.balances.slice(2)).toEqual([
      { wallet: 'contract', asset: 'USDT', available: '7', frozen: '0', value_usdt: '7' },
      { wallet: 'funding', asset: 'ETH', available: '2', frozen: '0', value_usdt: null },
    ]);
    expect(after.totals).toEqual({ funding: '20000', contract: '7', option: '0', all: '20007' });
  });
});
