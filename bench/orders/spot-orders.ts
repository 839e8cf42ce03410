// The spot orders the load driver places on BTCUSDT, and the traders that place them: resting buys
// far below the book, and crossing buys that each take one fill from a maker's large sells.
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

/** `count` funded traders for each kind, and the maker's sells resting for the crossing ones. */
export async function spotTraders(
  server: Server,
  count: number,
): Promise<{ resting: Trader[]; crossing: Trader[] }> {
  const [resting, crossing] = [
    await fundedTraders(server, count),
    await fundedTraders(server, count),
  ];
  const maker = await registerTrader(server);
  // Sells the crossing buys take, one fill each: 20 × 50 BTC (an order's most is ~92 BTC).
  await fund(server, maker, 'BTC', '1000');
  const big = { symbol, side: 'sell', type: 'limit', price: '50000.00', quantity: '50.00000' };
  for (let i = 0; i < 20; i++) {
    if (!(await place(maker, big))) throw new Error('the maker’s sell was refused');
  }
  return { resting, crossing };
}
