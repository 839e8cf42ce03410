// A domain of the server, as the app takes it in: it binds its calls, runs what it runs, hands the
// socket gateway its streams and the operator API its calls, and names the money it holds frozen
// for the ledger check. `server/modules.ts` lists them; nothing shared names a product.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Scheduler } from '../core/scheduler.ts';
import type { SessionLimits } from './accounts/sessions.ts';
import type { BinanceRouter } from './binance/binance-router.ts';
import type { DoorEvents } from './binance/user-events.ts';
import type { Bus } from './bus/bus.ts';
import type { Db } from './db/database.ts';
import type { AppDeps } from './deps.ts';
import type { PrivateStream, PublicStream } from './gateway/streams.ts';
import type { Router } from './http/router.ts';
import type { ReservationsQuery } from './ledger/check.ts';
import type { MarketService } from './market/market-service.ts';
import type { PrintRecorder } from './market/print-recorder.ts';
import type { OpsCall } from './ops/ops-call.ts';

/** What a module is given: the app's parts, and the market data every product reads. */
export interface ModuleContext extends AppDeps {
  app: FastifyInstance;
  router: Router;
  /**
   * For calls answered from the database alone: whichever node they reach answers them itself,
   * even an engine module's (a large answer never crosses the bus). The same as `router` elsewhere.
   */
  anyNodeRouter: Router;
  /**
   * For a module without engines, calls whose answers read the market data kept in memory
   * (prices, tickers): answered by the engines' node, as an engine module's calls are.
   */
  marketRouter: Router;
  scheduler: Scheduler;
  sessionLimits: SessionLimits;
  market: MarketService;
  /** Every market's index recorded once a second: what the products settle and mark on. */
  prints: PrintRecorder;
  log: FastifyBaseLogger;
  /** The bus between the nodes, under this cluster's subjects: what every node hears. */
  bus: Bus;
  /**
   * The scopes an API key may hold: `read`, and each trading module's `keyScope`, for the calls it
   * answers through the Binance-compatible door (docs/api-binance.md).
   */
  keyScopes: readonly string[];
  /**
   * The Binance-compatible door (docs/api-binance.md), for this module's endpoints there. An
   * engine module's are answered where its engines (or the market's lease) are, as its own calls.
   */
  binanceRouter: BinanceRouter;
  /**
   * Where a module publishes its users' events for the door's user data streams (`executionReport`,
   * `ORDER_TRADE_UPDATE`, …), built only for a user whose stream is open (`watched`).
   */
  doorEvents: DoorEvents;
  /**
   * When markets are spread over the nodes (SPREAD_MARKETS): a database handle whose transactions
   * commit only while this node holds `lease`, for that market's writer. Absent otherwise.
   */
  leasedDb?(lease: string): Db;
}

/** A call as it reaches a node, before it is parsed: enough to tell which market it is for. */
export interface IncomingCall {
  /**
   * The route's path as the module bound it: without the API prefix for the app's own calls
   * (`/contract/open`), whole for the Binance door's (`/api/v3/order`).
   */
  path: string;
  body: unknown;
  query: unknown;
}

/**
 * A module's work split by market, each market under a lease of its own that one node at a time
 * holds (server/cluster/market-leases.ts): its writer, and the calls that reach it.
 */
export interface MarketShare {
  /** One lease per market: `perp:BTCUSDT`. */
  readonly leases: readonly string[];
  /**
   * Starts the market's work here, its memory read back from the database first. `epoch` counts
   * the lease's takings: what the work publishes carries it, so a follower can drop what a former
   * holder said late.
   */
  hold(lease: string, epoch: number): Promise<void>;
  /** Stops it here: what is queued is answered, then its memory is dropped. */
  release(lease: string): Promise<void>;
  /** The lease whose node answers `call`; undefined for a call not bound to one market. */
  leaseOf(call: IncomingCall): Promise<string | undefined>;
}

/** What a module runs and hands out once built. */
export interface ServerModule {
  publicStreams?: readonly PublicStream[];
  privateStreams?: readonly PrivateStream[];
  ops?: readonly OpsCall[];
  /** Starts its engines, after every module's routes are bound. */
  start?(): Promise<void>;
  /** Stops them, in the reverse order of the list. */
  stop?(): Promise<void>;
  /** Its markets' work, when it is spread over the nodes by lease. */
  share?: MarketShare;
}

export interface ModuleDefinition {
  name: string;
  /**
   * Runs engines (books, feeds, settlement, batched writers): its `start` and `stop` run on the one
   * node that holds the engines lease, its calls are answered there (forwarded from the others),
   * and its transactions commit only while that node still holds it (server/cluster/engine-lease.ts).
   */
  engine?: true;
  /**
   * The word SPREAD_MARKETS names this module's markets by (`perpetual`), when it can run each of
   * them under a lease of its own (its `share`).
   */
  spreads?: string;
  /** The scope an API key needs for this module's trading calls through the Binance-compatible door. */
  keyScope?: string;
  /** Money it holds frozen (withdrawals under review, resting orders), for the ledger check. */
  reservations?: readonly ReservationsQuery[];
  /** Binds its routes and builds what it runs. */
  create(context: ModuleContext): ServerModule;
}

export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}
