// Settings of the market data (docs/operations.md § Settings, docs/market-data.md): which feeds
// drive the markets and which markets are listed, how much history is kept, how a replay plays,
// when the index goes stale or refuses a source, and where Binance is reached.
import { z } from 'zod';
import { intBetween, positiveInt } from '../settings-fields.ts';
import { defaultMarkets, knownMarkets } from './catalog.ts';

/** The variables, spread into the settings schema of config.ts. */
export const marketEnvShape = {
  MARKET_FEED: z
    .string()
    .regex(
      /^(simulated|binance|replay:[^,]+)(,(simulated|binance|replay:[^,]+))*$/,
      'must be simulated, binance or replay:<file>, or a comma-separated list of them',
    )
    .default('simulated'),
  /**
   * Tests and replays only: the simulated feed draws from this seed instead of node:crypto, so
   * its prices repeat, and anyone who knows or recovers the seed computes them in advance.
   */
  MARKET_SEED: intBetween(0, 4_294_967_295).optional(),
  MARKETS: z
    .string()
    .transform((value) => value.split(',').map((base) => base.trim().toUpperCase()))
    .pipe(
      z
        .array(z.enum(knownMarkets.map((market) => market.base)))
        .min(1)
        .refine((bases) => new Set(bases).size === bases.length, 'lists a market twice'),
    )
    .default([...defaultMarkets]),
  MARKET_HISTORY_DAYS: intBetween(0, 365).default(30),
  MARKET_REPLAY_SPEED: z.coerce.number().min(0).max(1000).default(1),
  /** A replay's times are shifted by a multiple of this, so its candles keep their boundaries; 0 plays at once. */
  MARKET_REPLAY_ALIGN_SECONDS: intBetween(0, 86_400).default(60),
  INDEX_STALE_SECONDS: positiveInt.default(30),
  INDEX_MAX_DEVIATION_PCT: z.coerce.number().positive().max(100).default(5),
  BINANCE_WS_URL: z
    .string()
    .regex(/^wss?:\/\/.+/, 'must be a ws:// or wss:// URL')
    .optional(),
  BINANCE_REST_URL: z
    .string()
    .regex(/^https?:\/\/.+/, 'must be an http(s):// URL')
    .optional(),
};

export interface MarketDataSettings {
  /** Feeds by name; the first is primary (trades, candles, book), all feed the index. */
  marketFeeds: string[];
  /** Tests and replays only: the simulated feed's seed; unset, it draws from node:crypto. */
  marketSeed: number | undefined;
  /** Base assets of the listed markets, all quoted in USDT. */
  markets: string[];
  marketHistoryDays: number;
  marketReplaySpeed: number;
  /** 0: a replay plays at once, its candles shifted by the exact gap. */
  marketReplayAlignMs: number;
  indexStaleMs: number;
  /** Largest believed move of a source from the previous index, as a fraction. */
  indexMaxDeviation: number;
  binanceWsUrl: string | undefined;
  binanceRestUrl: string | undefined;
}

type MarketEnv = z.output<z.ZodObject<typeof marketEnvShape>>;

export function marketSettingsOf(env: MarketEnv): MarketDataSettings {
  return {
    marketFeeds: env.MARKET_FEED.split(','),
    marketSeed: env.MARKET_SEED,
    markets: env.MARKETS,
    marketHistoryDays: env.MARKET_HISTORY_DAYS,
    marketReplaySpeed: env.MARKET_REPLAY_SPEED,
    marketReplayAlignMs: env.MARKET_REPLAY_ALIGN_SECONDS * 1000,
    indexStaleMs: env.INDEX_STALE_SECONDS * 1000,
    indexMaxDeviation: env.INDEX_MAX_DEVIATION_PCT / 100,
    binanceWsUrl: env.BINANCE_WS_URL,
    binanceRestUrl: env.BINANCE_REST_URL,
  };
}
