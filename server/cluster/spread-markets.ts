// Markets spread over the nodes (SPREAD_MARKETS, PostgreSQL only): each market a module shares
// (server/module.ts `MarketShare`) has a lease of its own, placed on one live node
// (market-leases.ts). The node that takes a market's lease starts its work (its memory read back
// from the database) and then answers the calls bound to it on the lease's subject; when it lets
// the lease go, it stops answering first, then stops the work. The market's writer commits only
// while its lease is held at the epoch it was taken at (`leasedDb`), so a node that was paused past
// its lease commits nothing once another has taken over (docs/operations.md § "Spreading markets
// over nodes").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import { fencedDb } from '../db/fenced-db.ts';
import type { MarketShare } from '../module.ts';
import { type CallDestination, marketCallSubject, serveEngineCalls } from './engine-calls.ts';
import { LeaseLost, type Leases } from './leases.ts';
import { MarketLeases } from './market-leases.ts';
import type { LeasePlacement } from './market-placement.ts';

export interface SpreadOptions {
  app: FastifyInstance;
  db: Db;
  bus: Bus;
  leases: Leases;
  placement: LeasePlacement;
}

export class SpreadMarkets {
  readonly #shares = new Map<string, MarketShare>();
  /** Each URL a share's routes were bound at: the share, and the path its `leaseOf` reads. */
  readonly #routes = new Map<string, { share: MarketShare; path: string }>();
  /** The leases whose work runs here now and whose calls this node answers. */
  readonly #running = new Map<string, () => void>();
  #keeper: MarketLeases | undefined;

  constructor(private readonly options: SpreadOptions) {}

  /** A database handle for `lease`'s writer: its transactions commit only while it is held here. */
  leasedDb(lease: string): Db {
    const { db, leases } = this.options;
    return fencedDb(db, async (trx) => {
      const epoch = this.#keeper?.epochOf(lease);
      if (epoch === undefined) throw new LeaseLost(lease, 0);
      await leases.fence(trx, lease, epoch);
    });
  }

  /** Takes in a module's share and its routes: each URL, with the path the module bound it by. */
  add(share: MarketShare, routes: ReadonlyMap<string, string>): void {
    for (const lease of share.leases) this.#shares.set(lease, share);
    for (const [url, path] of routes) this.#routes.set(url, { share, path });
  }

  /**
   * Where a call bound to a market is answered: here while its lease's work runs here, else on the
   * lease's subject. A call not bound to a market goes where `otherwise` sends it.
   */
  destination(otherwise: CallDestination): CallDestination {
    return async (request: FastifyRequest) => {
      const route = this.#routes.get(request.routeOptions.url ?? '');
      const lease =
        route &&
        (await route.share.leaseOf({
          path: route.path,
          body: request.body,
          query: request.query,
        }));
      if (lease === undefined) return otherwise(request);
      return this.#running.has(lease) ? null : marketCallSubject(lease);
    };
  }

  /** The leases whose work runs here now: their calls and public channels are this node's. */
  running(): string[] {
    return [...this.#running.keys()];
  }

  async start(nodeId: string): Promise<void> {
    const { app, bus, db, leases, placement } = this.options;
    this.#keeper = new MarketLeases({
      db,
      leases,
      placement,
      names: () => [...this.#shares.keys()],
      onGained: async (lease, epoch) => {
        const share = this.#shares.get(lease);
        if (!share) return;
        app.log.info({ lease, epoch, node: nodeId }, 'market lease taken: starting its work');
        await share.hold(lease, epoch);
        this.#running.set(lease, serveEngineCalls(app, bus, nodeId, marketCallSubject(lease)));
      },
      onLost: async (lease) => {
        const stopServing = this.#running.get(lease);
        this.#running.delete(lease);
        stopServing?.();
        app.log.info({ lease, node: nodeId }, 'market lease given up: stopping its work');
        await this.#shares.get(lease)?.release(lease);
      },
      log: app.log,
    });
    await this.#keeper.start();
  }

  async stop(): Promise<void> {
    await this.#keeper?.stop();
  }
}
