// Builds the market service from settings: the listed markets, the feeds named by MARKET_FEED
// (the first primary), and the index rules. The simulated feed draws from node:crypto unless
// MARKET_SEED names a seed (tests and replays: its prices can then be computed by anyone).
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type MarketSpec, marketsFor } from './catalog.ts';
import type { MarketFeed } from './feed.ts';
import { binanceFeed } from './feeds/binance-feed.ts';
import { secureNoise, seededNoise } from './feeds/noise.ts';
import { replayFeed } from './feeds/replay-feed.ts';
import { SimulatedFeed } from './feeds/simulated-feed.ts';
import { MarketService } from './market-service.ts';

export function createMarketService(
  config: Config,
  db: Db,
  scheduler: Scheduler,
  log: FastifyBaseLogger,
  given?: readonly MarketFeed[],
): MarketService {
  const markets = marketsFor(config.markets);
  const feeds = given ?? marketFeedsOf(config, markets, scheduler, log);
  return new MarketService({
    markets,
    feeds,
    db,
    scheduler,
    log,
    historyDays: config.marketHistoryDays,
    indexRules: { staleMs: config.indexStaleMs, maxDeviation: config.indexMaxDeviation },
  });
}

/** The feeds `MARKET_FEED` names, in its order (the first is primary). */
export function marketFeedsOf(
  config: Config,
  markets: readonly MarketSpec[],
  scheduler: Scheduler,
  log: FastifyBaseLogger,
): MarketFeed[] {
  return config.marketFeeds.map((name) => feedNamed(name, config, markets, scheduler, log));
}

function feedNamed(
  name: string,
  config: Config,
  markets: readonly MarketSpec[],
  scheduler: Scheduler,
  log: FastifyBaseLogger,
): MarketFeed {
  if (name === 'simulated') {
    const noise = config.marketSeed === undefined ? secureNoise() : seededNoise(config.marketSeed);
    return new SimulatedFeed({ noise, markets, scheduler });
  }
  if (name.startsWith('replay:')) {
    // Shifted by whole minutes, a replay's candles are the candles of the capture.
    return replayFeed({
      file: name.slice('replay:'.length),
      speed: config.marketReplaySpeed,
      ...(config.marketReplayAlignMs > 0 ? { alignMs: config.marketReplayAlignMs } : {}),
      scheduler,
      logger: log,
    });
  }
  return binanceFeed({
    symbols: markets.map((market) => market.symbol),
    ...(config.binanceWsUrl ? { wsUrl: config.binanceWsUrl } : {}),
    ...(config.binanceRestUrl ? { restUrl: config.binanceRestUrl } : {}),
    scheduler,
    logger: log,
  });
}
