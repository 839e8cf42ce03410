// Settings from the environment (docs/operations.md § "Settings"), validated once at start-up; a
// bad value names its variable.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  type AccountSettings,
  accountEnvShape,
  accountSettingsOf,
} from './accounts/account-settings.ts';
import {
  type BinanceSettings,
  binanceEnvShape,
  binanceSettingsOf,
} from './binance/binance-settings.ts';
import {
  type ChainSettings,
  chainEnvShape,
  chainSettingsOf,
  chainSettingsProblem,
} from './chain/chain-settings.ts';
import { type LeasePlacement, leasePlacements } from './cluster/market-placement.ts';
import {
  type ContentSettings,
  contentEnvShape,
  contentSettingsOf,
} from './content/content-settings.ts';
import {
  type ContractSettings,
  contractEnvShape,
  contractSettingsOf,
} from './contract/contract-settings.ts';
import {
  identityEnvShape,
  type UploadSettings,
  uploadSettingsOf,
} from './identity/identity-settings.ts';
import { type MailSettings, mailEnvShape, mailSettingsOf } from './mail/mail-settings.ts';
import {
  type MarketDataSettings,
  marketEnvShape,
  marketSettingsOf,
} from './market/market-settings.ts';
import {
  type BookTradingSettings,
  bookTradingEnvShape,
  bookTradingSettingsOf,
} from './market-kernel/kernel-settings.ts';
import {
  type OptionSettings,
  optionEnvShape,
  optionSettingsOf,
  optionSettingsProblem,
} from './option/option-settings.ts';
import {
  type SecuritySettings,
  securityEnvShape,
  securitySettingsOf,
  securitySettingsProblem,
} from './security/security-settings.ts';
import { flag, positiveInt } from './settings-fields.ts';
import { type SpotSettings, spotEnvShape, spotSettingsOf } from './spot/spot-settings.ts';
import {
  type SupportSettings,
  supportEnvShape,
  supportSettingsOf,
} from './support/support-settings.ts';
import { type WalletSettings, walletEnvShape, walletSettingsOf } from './wallet/wallet-settings.ts';

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
  /** How the market leases are spread over the live nodes (server/cluster/market-placement.ts). */
  LEASE_PLACEMENT: z.enum(leasePlacements).default('rendezvous'),
  /**
   * With PostgreSQL, which markets' writers run under a lease of their own, spread over the nodes,
   * instead of under the one engines lease (docs/operations.md § "Spreading markets over nodes").
   */
  SPREAD_MARKETS: z
    .string()
    .default('none')
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(z.array(z.string().regex(/^[a-z]{1,32}$/, 'a lower-case word')))
    .transform((parts) => parts.filter((part) => part !== 'none')),
  ...marketEnvShape,
  ...walletEnvShape,
  ...contentEnvShape,
  ...mailEnvShape,
  ...accountEnvShape,
  ...identityEnvShape,
  /**
   * The key API keys' secrets are sealed with (server/security/api-key-cipher.ts): 64 hex digits,
   * the same on every node. Unset: one is made in DATA_DIR at the first start and kept there.
   */
  API_KEY_SEALING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
    .optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  /** Market sockets one client address may hold at once (a carrier NAT puts many behind one). */
  WS_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(20_000).default(20),
  WS_UPGRADES_PER_MINUTE: positiveInt.default(1200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().min(1).default('./dist'),
  ...spotEnvShape,
  ...bookTradingEnvShape,
  ...supportEnvShape,
  ...securityEnvShape,
  ...binanceEnvShape,
  ...contractEnvShape,
  ...optionEnvShape,
  ...chainEnvShape,
});

export interface Config
  extends MarketDataSettings,
    WalletSettings,
    ContentSettings,
    MailSettings,
    AccountSettings,
    UploadSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite on its own thread (true) or on the server's event loop. */
  pgliteThread: boolean;
  natsUrl: string | undefined;
  /** API_KEY_SEALING_KEY as hex; undefined: the one kept in DATA_DIR. */
  apiKeySealingKey: string | undefined;
  /** This node's name: `NODE_ID`, else the host's name and the port (unique among live processes). */
  nodeId: string;
  /** The engines lease's life unrenewed (LEASE_SECONDS). */
  leaseMs: number;
  /** How the market leases spread over the nodes (LEASE_PLACEMENT): rendezvous or least-loaded. */
  leasePlacement: LeasePlacement;
  /** Which markets' writers are spread over the nodes by lease (SPREAD_MARKETS); PostgreSQL only. */
  /** The words of the modules that spread their markets (ModuleDefinition.spreads), checked at start. */
  spreadMarkets: readonly string[];
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
  /** What every product trading on the exchange's books shares (server/market-kernel/kernel-settings.ts). */
  trading: BookTradingSettings;
  spot: SpotSettings;
  /** Perpetual contracts (server/contract/contract-settings.ts). */
  contract: ContractSettings;
  /** The second contract and the index prints (server/option/option-settings.ts). */
  option: OptionSettings;
  /** Customer service's channels and hours (SUPPORT_CHANNELS, SUPPORT_HOURS). */
  support: SupportSettings;
  /** Passkeys' relying party and withdrawal holds (server/security/security-settings.ts). */
  security: SecuritySettings;
  /** The Binance-compatible door's request weights (server/binance/binance-settings.ts). */
  binance: BinanceSettings;
  /** The real chains' nodes and confirmations (server/chain/chain-settings.ts). */
  chain: ChainSettings;
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
  const wallet = walletSettingsOf(s, env);
  if ('problem' in wallet) throw new ConfigError([wallet.problem]);
  const trading = bookTradingSettingsOf(s);
  return {
    ...wallet.settings,
    ...marketSettingsOf(s),
    ...contentSettingsOf(s),
    ...mailSettingsOf(s),
    ...accountSettingsOf(s),
    ...uploadSettingsOf(s),
    support: supportSettingsOf(s),
    security,
    binance: binanceSettingsOf(s),
    chain,
    contract: contractSettingsOf(s),
    option,
    port: s.PORT,
    host: s.HOST,
    dataDir: path.resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    pgliteThread: s.PGLITE_THREAD,
    natsUrl: s.NATS_URL,
    apiKeySealingKey: s.API_KEY_SEALING_KEY,
    nodeId: s.NODE_ID ?? `${os.hostname()}:${s.PORT}`,
    leaseMs: s.LEASE_SECONDS * 1000,
    leasePlacement: s.LEASE_PLACEMENT,
    spreadMarkets: s.DATABASE_URL ? s.SPREAD_MARKETS : [],
    trustProxy: parseTrustProxy(s.TRUST_PROXY),
    rateLimitPerMinute: s.RATE_LIMIT_PER_MINUTE,
    wsConnectionsPerAddress: s.WS_CONNECTIONS_PER_ADDRESS,
    wsUpgradesPerMinute: s.WS_UPGRADES_PER_MINUTE,
    logLevel: s.LOG_LEVEL,
    webRoot: path.resolve(s.WEB_ROOT),
    spot: spotSettingsOf(s, trading),
    trading,
  };
}
