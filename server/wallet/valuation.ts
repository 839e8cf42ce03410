// What balances are worth in USDT at the index price: exact decimal arithmetic (atoms × price),
// rounded half up to the 8 decimals amounts are kept at. An asset no market quotes is valued at a
// price a product provides (a token at its pre-sale price, `price-sources.ts`), marked as such.
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Wallet } from '../db/tables.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Balance } from './balances.ts';
import type { PriceBasis, SourcedPrice } from './price-sources.ts';

const scale = 10n ** 8n;

/** The index price of `asset` in USDT as atoms (USDT itself is 1); null when none is known. */
export function usdtPrice(market: MarketService, asset: string, now: number): bigint | null {
  if (asset === 'USDT') return scale;
  const ticker = market.market(`${asset}USDT`)?.ticker(now);
  return ticker ? parseAmount(ticker.index) : null;
}

export interface ValuedBalances {
  balances: (Balance & { value_usdt: string | null; price_basis?: PriceBasis })[];
  totals: Record<Wallet | 'all', string>;
}

/** The assets among `balances` no market gives an index price for: the ones to ask sources of. */
export function unpricedAssets(
  balances: readonly Balance[],
  market: MarketService,
  now: number,
): string[] {
  const assets = new Set(balances.map((balance) => balance.asset));
  return [...assets].filter((asset) => usdtPrice(market, asset, now) === null);
}

export function valued(
  balances: readonly Balance[],
  market: MarketService,
  now: number,
  sourced: ReadonlyMap<string, SourcedPrice> = new Map(),
) {
  const totals: Record<Wallet | 'all', bigint> = { funding: 0n, contract: 0n, option: 0n, all: 0n };
  const rows = balances.map((balance) => {
    const index = usdtPrice(market, balance.asset, now);
    const other = index === null ? sourced.get(balance.asset) : undefined;
    const price = index ?? other?.price ?? null;
    const held = (parseAmount(balance.available) ?? 0n) + (parseAmount(balance.frozen) ?? 0n);
    if (price === null) return { ...balance, value_usdt: null };
    const value = (held * price + scale / 2n) / scale;
    totals[balance.wallet] += value;
    totals.all += value;
    const basis: PriceBasis = other ? other.basis : 'index';
    return { ...balance, value_usdt: displayAmount(value), price_basis: basis };
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
