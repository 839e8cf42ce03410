// The spot orders the load driver places on BTCUSDT, and the traders that place them: resting buys
// far below the book, and crossing buys that each take one fill from a maker's large sells.
import type { ApiClient } from '../../tests/support/api-client.ts';
import { fund, fundedTraders, place, registerTrader, type Server, type Trader } from './traders.ts';

export const symbol = 'BTCUSDT';
/**
 * Rests far below any price the book reaches, yet inside the price band (a buy may go down to 0.2×
 * the reference: `server/spot/spot-markets.ts`): 10 USDT each, over the 5 USDT minimum.
 */
export const restingBuy = {
  symbol,
  side: 'buy',
  type: 'limit',
  price: '25000.00',
  quantity: '0.00040',
};
/** Crosses the maker's one large sell: one fill each, 10 USDT. */
export const crossingBuy = {
  symbol,
  side: 'buy',
  type: 'limit',
  price: '50000.00',
  quantity: '0.00020',
};

/**
 * `count` funded traders for each kind, and what the crossing ones take: a maker's sells, or, where
 * the liquidity provider quotes, its asks. Answers the crossing buy too: `crossingBuy`, or where
 * the provider quotes, the same priced 1 % over its best ask (a tick of the index must not leave it
 * resting).
 */
export async function spotTraders(
  server: Server,
  count: number,
  provider = false,
): Promise<{ resting: Trader[]; crossing: Trader[]; crossingOrder: typeof crossingBuy }> {
  const [resting, crossing] = [
    await fundedTraders(server, count),
    await fundedTraders(server, count),
  ];
  if (provider) {
    const price = await overBestAsk(resting[0]?.client);
    return { resting, crossing, crossingOrder: { ...crossingBuy, price } };
  }
  const maker = await registerTrader(server);
  // Sells the crossing buys take, one fill each: 20 × 50 BTC (an order's most is ~92 BTC).
  await fund(server, maker, 'BTC', '1000');
  const big = { symbol, side: 'sell', type: 'limit', price: '50000.00', quantity: '50.00000' };
  for (let i = 0; i < 20; i++) {
    if (!(await place(maker, big))) throw new Error('the maker’s sell was refused');
  }
  return { resting, crossing, crossingOrder: crossingBuy };
}

/** 1 % over the provider's best ask on BTCUSDT, once it quotes (it starts with the server). */
async function overBestAsk(client: ApiClient | undefined): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (client && Date.now() < deadline) {
    const answer = await client.get<{ asks: [string, string][] }>('/market/depth', { symbol });
    const best = answer.body.code === 200 ? answer.body.data.asks[0]?.[0] : undefined;
    if (best) return ((Number(best) * 101) / 100).toFixed(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the liquidity provider quoted no ask within a minute');
}
