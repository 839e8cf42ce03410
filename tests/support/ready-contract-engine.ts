// A perpetual engine over one market as the tests and benches drive it: no referral rates, a 5 %
// market band, batches of up to 512, nobody listening for commits; rebuilt from the database and
// with a fresh mark, so it takes commands at once.
import { systemClock } from '../../server/clock.ts';
import { ContractEngine } from '../../server/contract/contract-engine.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import type { Db } from '../../server/db/database.ts';
import { silent } from './writer-case.ts';

export async function readyContractEngine(
  db: Db,
  market: ContractMarket,
  mark: bigint,
): Promise<ContractEngine> {
  const engine = new ContractEngine({
    db,
    clock: systemClock,
    markets: [market],
    batchMax: 512,
    marketBandPpm: 50_000,
    referralRatesPpm: [],
    onCommitted: () => undefined,
    log: silent,
  });
  await engine.rebuild();
  engine.marks.set(market.symbol, { price: mark, at: new Date(), fresh: true });
  return engine;
}
