// What balances are worth in USDT at the index price: exact decimal arithmetic (atoms × price),
// rounded half up to the 8 decimals amounts are kept at.
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Wallet } from '../db/tables.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Balance } from './balances.ts';

const scale = 10n ** 8n;

/** The index price of `asset` in USDT as atoms (USDT itself is 1); null when none is known. */
export function usdtPrice(market: MarketService, asset: string, now: number): bigint | null {
  if (asset === 'USDT') return scale;
  const ticker = market.market(`${asset}USDT`)?.ticker(now);
  return ticker ? parseAmount(ticker.index) : null;
}

export interface ValuedBalances {
  balances: (Balance & { value_usdt: string | null })[];
  totals: Record<Wallet | 'all', string>;
}

export function valued(balances: readonly Balance[], market: MarketService, now: number) {
  const totals: Record<Wallet | 'all', bigint> = { funding: 0n, contract: 0n, option: 0n, all: 0n };
  const rows = balances.map((balance) => {
    const price = usdtPrice(market, balance.asset, now);
    const held = (parseAmount(balance.available) ?? 0n) + (parseAmount(balance.frozen) ?? 0n);
    if (price === null) return { ...balance, value_usdt: null };
    const value = (held * price + scale / 2n) / scale;
    totals[balance.wallet] += value;
    totals.all += value;
    return { ...balance, value_usdt: displayAmount(value) };
  });
  return {
    balances: rows,
    totals: {
      funding: displayAmount(totals.funding),
      contract: displayAmount(totals.contract),
      option: displayAmount(totals.option),
      all: displayAmount(totals.all),
    },
  } satisfies ValuedBalances;
}
