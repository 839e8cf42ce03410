// Settings from the environment (docs/operations.md § "Settings"), validated once at start-up; a
// bad value names its variable.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { PriceBand } from '../core/market/price-band.ts';
import { feeRatePpm } from '../core/market/order-math.ts';
import {
  type ChainSettings,
  chainEnvShape,
  chainSettingsOf,
  chainSettingsProblem,
} from './chain/chain-settings.ts';
import {
  type ContractSettings,
  contractEnvShape,
  contractSettingsOf,
} from './contract/contract-settings.ts';
import { defaultMarkets, knownMarkets } from './market/catalog.ts';
import {
  type OptionSettings,
  optionEnvShape,
  optionSettingsOf,
  optionSettingsProblem,
} from './option/option-settings.ts';
import { referralRates } from './referrals/referral-rates.ts';
import {
  type SecuritySettings,
  securityEnvShape,
  securitySettingsOf,
  securitySettingsProblem,
} from './security/security-settings.ts';
import type { ProviderSettings } from './spot/liquidity/liquidity-provider.ts';
import { spotBandEnvShape, spotBandOf } from './spot/price-band-settings.ts';
import {
  type SupportSettings,
  supportEnvShape,
  supportSettingsOf,
} from './support/support-settings.ts';
import type { ChainFamily } from './wallet/addresses/chains.ts';
import {
  ExtendedKeyError,
  type ResolvedXpub,
  resolveWalletXpubs,
} from './wallet/addresses/derive.ts';
import { type AssetSpec, defaultAssets, parseAssetsFile } from './wallet/assets.ts';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const positiveInt = z.coerce.number().int().positive();
/** A fee rate as a fraction with at most 6 decimals, below 10 %: `0.001` is 0.1 %. */
const feeRate = z
  .string()
  .regex(/^0(\.\d{1,6})?$/, {
    message: 'must be a fraction such as 0.001 (0.1 %), at most 6 decimals',
    // The range check below needs a fraction to read: one problem per variable.
    abort: true,
  })
  .refine((value) => (feeRatePpm(value) ?? 1e6) < 100_000, 'must be below 0.1 (10 %)');
/** A whole number of USDT. */
const wholeAmount = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a whole number')
  .transform((value) => BigInt(value));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PGLITE_THREAD: flag.default(true),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/.+/, 'must be a nats:// or tls:// URL')
    .optional(),
  /** This node's name among several: unique among the nodes that run at once. */
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or . _ : -')
    .optional(),
  /** How long the engines lease lasts unrenewed: a dead node's engines move after about this. */
  LEASE_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
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
  MARKET_SEED: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
  MARKETS: z
    .string()
    .transform((value) => value.split(',').map((base) => base.trim().toUpperCase()))
    .pipe(
      z
        .array(z.enum(knownMarkets.map((market) => market.base) as [string, ...string[]]))
        .min(1)
        .refine((bases) => new Set(bases).size === bases.length, 'lists a market twice'),
    )
    .default([...defaultMarkets]),
  MARKET_HISTORY_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  MARKET_REPLAY_SPEED: z.coerce.number().min(0).max(1000).default(1),
  /** A replay's times are shifted by a multiple of this, so its candles keep their boundaries; 0 plays at once. */
  MARKET_REPLAY_ALIGN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
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
  WALLET_ASSETS_FILE: z.string().min(1).optional(),
  HOME_REGIONS: positiveInt.optional(),
  HOME_COUNTRIES: positiveInt.optional(),
  HOME_ORDERS_PER_SECOND: positiveInt.optional(),
  HOME_USERS_THRESHOLD: z.coerce.number().int().min(0).default(1000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Meridian <no-reply@meridian.localhost>'),
  BRAND_NAME: z.string().min(1).max(60).default('Meridian'),
  BRAND_LOGO: z.string().min(1).default('/logo.svg'),
  INVITE_REQUIRED: flag.default(false),
  /** One uploaded image; a sane ceiling keeps a decoder from being handed a huge file. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(20 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** Declared width × height above this is refused from the header, before anything is decoded. */
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(100_000_000).default(25_000_000),
  /** Per user and UTC day; bytes as received. Integers in the database, hence at most 1 GiB. */
  UPLOADS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
  UPLOAD_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  /** Images re-encoded at once; each holds one thread of libuv's pool (4 unless UV_THREADPOOL_SIZE). */
  UPLOAD_ENCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  ADDRESS_BOOK_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000).default(100),
  KYC_REQUIRED_FOR_WITHDRAWAL: flag.default(false),
  SESSION_IDLE_MINUTES: positiveInt.default(7 * 24 * 60),
  SESSION_MAX_DAYS: positiveInt.default(30),
  TRUST_PROXY: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  /** Market sockets one client address may hold at once (a carrier NAT puts many behind one). */
  WS_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(20_000).default(20),
  WS_UPGRADES_PER_MINUTE: positiveInt.default(1200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().min(1).default('./dist'),
  SPOT_TRADING: flag.default(true),
  SPOT_MAKER_FEE: feeRate.default('0.001'),
  SPOT_TAKER_FEE: feeRate.default('0.001'),
  REFERRAL_RATES: referralRates.default([200_000, 100_000, 50_000]),
  SPOT_MIN_NOTIONAL: wholeAmount.default(5n),
  SPOT_BATCH_MAX: z.coerce.number().int().min(1).max(4096).default(512),
  ...spotBandEnvShape,
  LIQUIDITY_PROVIDER: flag.default(true),
  LP_SPREAD_BPS: z.coerce.number().int().min(1).max(2000).default(10),
  LP_STEP_BPS: z.coerce.number().int().min(1).max(1000).default(5),
  LP_LEVELS: z.coerce.number().int().min(1).max(100).default(10),
  LP_LEVEL_USDT: wholeAmount.default(2000n),
  LP_REFRESH_MS: z.coerce.number().int().min(100).max(3_600_000).default(1000),
  LP_SEED_USDT: wholeAmount.default(1_000_000n),
  ...supportEnvShape,
  ...securityEnvShape,
  ...contractEnvShape,
  ...optionEnvShape,
  ...chainEnvShape,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite on its own thread (true) or on the server's event loop. */
  pgliteThread: boolean;
  natsUrl: string | undefined;
  /** This node's name: `NODE_ID`, else the host's name and the port (unique among live processes). */
  nodeId: string;
  /** The engines lease's life unrenewed (LEASE_SECONDS). */
  leaseMs: number;
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
  /** Assets, chains and their switches, fees and minimums (WALLET_ASSETS_FILE, else defaults). */
  walletAssets: readonly AssetSpec[];
  /** Account-level extended public keys deposit addresses derive from (WALLET_XPUB_*). */
  walletXpubs: Record<ChainFamily, ResolvedXpub>;
  /** Configured home-page figures (shown labelled as configured); absent ones are not shown. */
  homeFigures: { regions?: number; countries?: number; orders_per_second?: number };
  /** Below this many registered users the home page leaves the count out (a small one hurts trust). */
  homeUsersThreshold: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  brandName: string;
  brandLogo: string;
  inviteRequired: boolean;
  /** Largest uploaded image in bytes (identity documents). */
  uploadMaxBytes: number;
  /** Largest declared width × height of an uploaded image. */
  uploadMaxPixels: number;
  /** What one user may upload per UTC day. */
  uploadQuota: UploadQuota;
  /** Re-encodes run at once; more wait in a bounded queue. */
  uploadEncodeConcurrency: number;
  /** Saved withdrawal addresses per user. */
  addressBookMaxEntries: number;
  /** Withdrawals need a verified identity. */
  kycRequiredForWithdrawal: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Which proxies may set X-Forwarded-For: none, all, or addresses and presets (`loopback`, CIDRs). */
  trustProxy: boolean | string;
  /** API calls a minute per user with a session, else per client address. */
  rateLimitPerMinute: number;
  /** Market sockets one client address may hold at once. */
  wsConnectionsPerAddress: number;
  /** Socket upgrades one client address may make a minute. */
  wsUpgradesPerMinute: number;
  logLevel: string;
  webRoot: string;
  spot: SpotSettings;
  /** Perpetual contracts (server/contract/contract-settings.ts). */
  contract: ContractSettings;
  /** The second contract and the index prints (server/option/option-settings.ts). */
  option: OptionSettings;
  /** Customer service's channels and hours (SUPPORT_CHANNELS, SUPPORT_HOURS). */
  support: SupportSettings;
  /** Passkeys' relying party and withdrawal holds (server/security/security-settings.ts). */
  security: SecuritySettings;
  /** The real chains' nodes and confirmations (server/chain/chain-settings.ts). */
  chain: ChainSettings;
}

export interface UploadQuota {
  uploads: number;
  bytes: number;
}

export interface SpotSettings {
  /** Whether the exchange's own order books take orders (and replace the feed's book and trades). */
  enabled: boolean;
  /** Fee rates in parts per million of what a fill gives the order. */
  makerFeePpm: number;
  takerFeePpm: number;
  /** Smallest order value, whole USDT. */
  minNotional: bigint;
  /** Share of a fee paid to the payer's inviters at levels 1–3, parts per million (docs/referrals.md). */
  referralRatesPpm: readonly number[];
  /** Most commands a market's writer commits in one transaction. */
  batchMax: number;
  /** How far from the index a limit order's price may be (docs/spot.md § Price band). */
  priceBand: PriceBand;
  liquidityProvider: ProviderSettings & { enabled: boolean };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** Reads settings from an environment; unset variables take the embedded defaults. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
    );
  }
  const s = parsed.data;
  const option = optionSettingsOf(s);
  const optionProblem = optionSettingsProblem(option);
  if (optionProblem) throw new ConfigError([optionProblem]);
  const security = securitySettingsOf(s);
  const securityProblem = securitySettingsProblem(security);
  if (securityProblem) throw new ConfigError([securityProblem]);
  const chain = chainSettingsOf(s);
  const chainProblem = chainSettingsProblem(chain);
  if (chainProblem) throw new ConfigError([chainProblem]);
  let walletAssets: readonly AssetSpec[] = defaultAssets;
  if (s.WALLET_ASSETS_FILE) {
    try {
      walletAssets = parseAssetsFile(readFileSync(s.WALLET_ASSETS_FILE, 'utf8'));
    } catch (error) {
      const reason = error instanceof z.ZodError ? z.prettifyError(error) : String(error);
      throw new ConfigError([`WALLET_ASSETS_FILE: ${reason.replace(/\s+/g, ' ')}`]);
    }
  }
  let walletXpubs: Record<ChainFamily, ResolvedXpub>;
  try {
    walletXpubs = resolveWalletXpubs(env);
  } catch (error) {
    if (error instanceof ExtendedKeyError) throw new ConfigError([error.message]);
    throw error;
  }
  return {
    walletAssets,
    walletXpubs,
    support: supportSettingsOf(s),
    security,
    chain,
    contract: contractSettingsOf(s),
    option,
    port: s.PORT,
    host: s.HOST,
    dataDir: path.resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    pgliteThread: s.PGLITE_THREAD,
    natsUrl: s.NATS_URL,
    nodeId: s.NODE_ID ?? `${os.hostname()}:${s.PORT}`,
    leaseMs: s.LEASE_SECONDS * 1000,
    marketFeeds: s.MARKET_FEED.split(','),
    marketSeed: s.MARKET_SEED,
    markets: s.MARKETS,
    marketHistoryDays: s.MARKET_HISTORY_DAYS,
    marketReplaySpeed: s.MARKET_REPLAY_SPEED,
    marketReplayAlignMs: s.MARKET_REPLAY_ALIGN_SECONDS * 1000,
    indexStaleMs: s.INDEX_STALE_SECONDS * 1000,
    indexMaxDeviation: s.INDEX_MAX_DEVIATION_PCT / 100,
    binanceWsUrl: s.BINANCE_WS_URL,
    binanceRestUrl: s.BINANCE_REST_URL,
    homeFigures: {
      ...(s.HOME_REGIONS === undefined ? {} : { regions: s.HOME_REGIONS }),
      ...(s.HOME_COUNTRIES === undefined ? {} : { countries: s.HOME_COUNTRIES }),
      ...(s.HOME_ORDERS_PER_SECOND === undefined
        ? {}
        : { orders_per_second: s.HOME_ORDERS_PER_SECOND }),
    },
    homeUsersThreshold: s.HOME_USERS_THRESHOLD,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    brandName: s.BRAND_NAME,
    brandLogo: s.BRAND_LOGO,
    inviteRequired: s.INVITE_REQUIRED,
    uploadMaxBytes: s.UPLOAD_MAX_BYTES,
    uploadMaxPixels: s.UPLOAD_MAX_PIXELS,
    uploadQuota: { uploads: s.UPLOADS_PER_DAY, bytes: s.UPLOAD_BYTES_PER_DAY },
    uploadEncodeConcurrency: s.UPLOAD_ENCODE_CONCURRENCY,
    addressBookMaxEntries: s.ADDRESS_BOOK_MAX_ENTRIES,
    kycRequiredForWithdrawal: s.KYC_REQUIRED_FOR_WITHDRAWAL,
    sessionIdleMs: s.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: s.SESSION_MAX_DAYS * 86_400_000,
    trustProxy: parseTrustProxy(s.TRUST_PROXY),
    rateLimitPerMinute: s.RATE_LIMIT_PER_MINUTE,
    wsConnectionsPerAddress: s.WS_CONNECTIONS_PER_ADDRESS,
    wsUpgradesPerMinute: s.WS_UPGRADES_PER_MINUTE,
    logLevel: s.LOG_LEVEL,
    webRoot: path.resolve(s.WEB_ROOT),
    spot: {
      enabled: s.SPOT_TRADING,
      makerFeePpm: feeRatePpm(s.SPOT_MAKER_FEE) ?? 0,
      takerFeePpm: feeRatePpm(s.SPOT_TAKER_FEE) ?? 0,
      minNotional: s.SPOT_MIN_NOTIONAL,
      referralRatesPpm: s.REFERRAL_RATES,
      batchMax: s.SPOT_BATCH_MAX,
      priceBand: spotBandOf(s),
      liquidityProvider: {
        enabled: s.LIQUIDITY_PROVIDER,
        spreadBps: s.LP_SPREAD_BPS,
        stepBps: s.LP_STEP_BPS,
        levels: s.LP_LEVELS,
        levelQuote: s.LP_LEVEL_USDT,
        refreshMs: s.LP_REFRESH_MS,
        seedQuote: s.LP_SEED_USDT,
      },
    },
  };
}
