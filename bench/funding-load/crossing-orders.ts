// The perpetual orders the load places, straight into the contract engine: one maker's large
// resting shorts at the mark, and `concurrency` takers whose longs each take one fill of 0.0002
// BTC from them (as bench/contract-orders.bench.ts crosses over HTTP). Every trader is funded in
// its contract wallet by one deposit posting; all orders are 10× isolated, which a user's orders
// must share.

import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import type { ContractEngine } from '../../server/contract/contract-engine.ts';
import {
  type ContractMarket,
  priceUnits,
  quantityUnits,
} from '../../server/contract/contract-markets.ts';
import type { Db } from '../../server/db/database.ts';
import { fundedUsers } from '../../tests/support/writer-fixtures.ts';

const usdt = 100_000_000n;
/** The maker's depth: 20 × 5 BTC, far more than a run takes at 0.0002 BTC an order. */
const makerOrders = 20;
const makerQuantity = 5n * usdt;
const defaultTakerQuantity = 20_000n;

/** Answers one crossing long for a worker; true when it filled at once. */
export type Crossing = (worker: number) => Promise<boolean>;

export async function crossingOrders(
  db: Db,
  engine: ContractEngine,
  market: ContractMarket,
  mark: bigint,
  concurrency: number,
  /** Base atoms each long takes: 0.0002 coin by default, more where that is under the minimum. */
  takerQuantity = defaultTakerQuantity,
): Promise<Crossing> {
  const [maker, ...takers] = await fundedUsers(db, concurrency + 1, [
    { wallet: 'contract', asset: 'USDT', amount: 10_000_000n * usdt },
  ]);
  if (maker === undefined) throw new Error('no maker');
  const price = priceUnits(market, mark, 'down');
  const order = (userId: number, side: 'buy' | 'sell', quantity: bigint): NewContractOrder => ({
    userId,
    symbol: market.symbol,
    side,
    type: 'limit',
    price,
    quantity: quantityUnits(market, quantity),
    leverage: 10,
    marginMode: 'isolated',
    reduceOnly: false,
    purpose: 'user',
  });
  for (let i = 0; i < makerOrders; i++) {
    const placed = await engine.open(order(maker, 'sell', makerQuantity));
    if (placed.status !== 'open') throw new Error(`the maker's short is ${placed.status}`);
  }
  return async (worker) => {
    const taker = takers[worker];
    if (taker === undefined) throw new Error(`no taker for worker ${worker}`);
    const answer = await engine.open(order(taker, 'buy', takerQuantity));
    return answer.status === 'filled';
  };
}
