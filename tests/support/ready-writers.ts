// A market's writer as the tests and benches drive it: no referral rates, batches of up to 512,
// nobody listening for commits; rebuilt from the database (and a perpetual's with a fresh mark and
// a 5 % market band), so it takes commands at once.
import { systemClock } from '../../server/clock.ts';
import {
  ContractEngine,
  type ContractEngineOptions,
} from '../../server/contract/contract-engine.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import type { Db } from '../../server/db/database.ts';
import { MarketWriter } from '../../server/spot/market-writer.ts';
import type { SpotMarket } from '../../server/spot/spot-markets.ts';
import { silent } from './writer-case.ts';

export async function readyContractEngine(
  db: Db,
  market: ContractMarket,
  mark: bigint,
  /** Changes to the defaults below (a funding round's slice, say). */
  options: Partial<ContractEngineOptions> = {},
): Promise<ContractEngine> {
  return readyContractMarkets(db, [{ market, mark }], options);
}

/** The contract engine over several perpetuals, a writer each, with a fresh mark each. */
export async function readyContractMarkets(
  db: Db,
  marked: readonly { market: ContractMarket; mark: bigint }[],
  options: Partial<ContractEngineOptions> = {},
): Promise<ContractEngine> {
  const engine = new ContractEngine({
    db,
    clock: systemClock,
    markets: marked.map(({ market }) => market),
    batchMax: 512,
    marketBandPpm: 50_000,
    referralRatesPpm: [],
    onCommitted: () => undefined,
    log: silent,
    ...options,
  });
  await engine.rebuild();
  for (const { market, mark } of marked) {
    engine.marks.set(market.symbol, { price: mark, at: new Date(), fresh: true });
  }
  return engine;
}

export async function readySpotWriter(db: Db, market: SpotMarket): Promise<MarketWriter> {
  const writer = new MarketWriter(market, {
    db,
    clock: systemClock,
    referralRatesPpm: [],
    batchMax: 512,
    log: silent,
    onCommitted: () => undefined,
    onRebuilt: () => undefined,
  });
  await writer.rebuild();
  return writer;
}
