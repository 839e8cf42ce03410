// What the route modules are given: storage, time, settings and the message transports.

import type { Scheduler } from '../core/scheduler.ts';
import type { BinanceRouter } from './binance/binance-router.ts';
import type { Bus } from './bus/bus.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseStats, Db } from './db/database.ts';
import type { GatewayLimits } from './gateway/limits.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MarketFeed } from './market/feed.ts';
import type { MarketService } from './market/market-service.ts';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Email transport: SMTP when configured, else the outbox file. */
  email: Mailer;
  /** SMS transport: the outbox file (no SMS gateway is configured yet). */
  sms: Mailer;
  /** Timers of the market engine; Node's by default. */
  scheduler?: Scheduler;
  /** The market service; built from the settings when not given. */
  market?: MarketService;
  /** Feeds to build it with instead of those the settings name (a test that sets the prices). */
  feeds?: readonly MarketFeed[];
  /** What the database has been asked, for `ops stats`; absent where nobody counts. */
  databaseStats?: DatabaseStats;
  /** Between engines and gateways, on this node and others; the in-process bus when not given. */
  bus?: Bus;
  /** Socket limits other than the defaults (tests shorten the heartbeat). */
  gatewayLimits?: Partial<GatewayLimits>;
  /** More endpoints of the Binance-compatible door (a test binds a signed one of its own). */
  binanceEndpoints?(router: BinanceRouter): void;
}
