// The market leases of a node on PostgreSQL: one lease per market (and one per writer that is not
// per market), each held by the node the placement (LEASE_PLACEMENT, market-placement.ts) puts it
// on among the live nodes. Every round, this node marks itself seen, reads the live nodes and the
// leases' owners, works out the placement as every other node does, and lets a LeaseKeeper keep
// what is placed here: take it once free, renew it, and hand over what is now placed elsewhere
// (its writers stop first, then the lease is released). A node counts as live while its
// cluster_nodes row was seen within `liveWithinMs` (the lease's life, by default) and is not
// marked stopped, so a dead node's markets move once its leases have expired and it has gone
// quiet: within the lease's life and one round. Nothing runs under these leases yet: the engines
// still run under the one `engines` lease (engine-lease.ts); docs/operations.md § "Placing
// markets on nodes".
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { LeaseKeeper } from './lease-keeper.ts';
import type { Leases } from './leases.ts';
import { type LeasePlacement, placeLeases } from './market-placement.ts';
import { listNodes, markNodeStopped, touchNode } from './nodes.ts';

export interface MarketLeasesOptions {
  db: Kysely<Database>;
  /** This node's leases; the node is `leases.node`, its row in cluster_nodes written at start. */
  leases: Leases;
  placement: LeasePlacement;
  /** The lease names to place: one per market, one per writer that is not per market. */
  names(): readonly string[];
  /** Called once a lease is this node's, before any write under it: start its writer. */
  onGained(name: string, epoch: number): Promise<void>;
  /** Called once it is not, or before it is handed over: stop its writer. */
  onLost(name: string): Promise<void>;
  /** A node is live while seen this recently and not stopped: the lease's life, by default. */
  liveWithinMs?: number;
  /** How often a round runs: a third of the lease's life, by default. */
  everyMs?: number;
  log: { warn(details: object, message: string): void };
}

/** What a round read and worked out. */
export interface PlacementView {
  /** The live nodes, this one always among them. */
  nodes: string[];
  /** Who holds each lease now, among the live nodes. */
  owners: Map<string, string>;
  /** Where each lease should be. */
  placed: Map<string, string>;
}

/**
 * The nodes that count: seen within `withinMs` by the database's clock and not stopped. `self` is
 * always among them: a node running rounds is alive, even when its last mark did not land.
 */
export async function liveNodes(
  db: Kysely<Database>,
  self: string,
  withinMs: number,
): Promise<string[]> {
  const live = (await listNodes(db))
    .filter((node) => node.stoppedAt === null && node.quietMs <= withinMs)
    .map((node) => node.id);
  return live.includes(self) ? live : [...live, self];
}

/** The live nodes, the leases' owners among them, and where `placement` puts each of `names`. */
export async function placementView(
  db: Kysely<Database>,
  leases: Leases,
  names: readonly string[],
  placement: LeasePlacement,
  liveWithinMs: number,
): Promise<PlacementView> {
  const [nodes, rows] = await Promise.all([
    liveNodes(db, leases.node, liveWithinMs),
    leases.list(),
  ]);
  const named = new Set(names);
  const live = new Set(nodes);
  const owners = new Map(
    rows
      .filter((row) => named.has(row.name) && row.held && live.has(row.owner))
      .map((row) => [row.name, row.owner] as const),
  );
  return { nodes, owners, placed: placeLeases(placement, { nodes, leases: names, owners }) };
}

export class MarketLeases {
  readonly #keeper: LeaseKeeper;
  /** The leases placed on this node at the last round that could read the placement. */
  #mine: readonly string[] = [];
  #view: PlacementView | undefined;
  #timer: NodeJS.Timeout | undefined;
  #rounds: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(private readonly options: MarketLeasesOptions) {
    this.#keeper = new LeaseKeeper({
      leases: options.leases,
      wanted: () => this.#mine,
      onGained: options.onGained,
      onLost: options.onLost,
      log: options.log,
    });
  }

  /** The epoch this node holds `name` at, if it does: what its writer fences with. */
  epochOf(name: string): number | undefined {
    return this.#keeper.epochOf(name);
  }

  get held(): ReadonlyMap<string, number> {
    return this.#keeper.held;
  }

  /** What the last round read and worked out. */
  get view(): PlacementView | undefined {
    return this.#view;
  }

  /** Runs a first round at once (answering when it is done), then one every `everyMs`. */
  async start(): Promise<void> {
    const { leases, everyMs } = this.options;
    await this.round();
    this.#timer = setInterval(
      () => void this.round(),
      everyMs ?? Math.max(50, Math.floor(leases.ttlMs / 3)),
    );
  }

  /** One round: mark this node seen, work the placement out, keep the leases; never overlapping. */
  round(): Promise<void> {
    this.#rounds = this.#rounds
      .then(() => this.#run())
      .catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'market lease round failed');
      });
    return this.#rounds;
  }

  /**
   * A clean stop: marks the node stopped, so the others place its leases on themselves at their
   * next round, then stops each writer and releases its lease so they need not wait for expiry.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#rounds;
    const { db, leases, log } = this.options;
    await markNodeStopped(db, leases.node).catch((error: unknown) =>
      log.warn({ err: error, node: leases.node }, 'node stop not written'),
    );
    await this.#keeper.stop();
  }

  /**
   * Stops the rounds and leaves everything as it is, as a node that dies would: its leases expire
   * and the other nodes take them over. For failover tests.
   */
  abandon(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }

  async #run(): Promise<void> {
    if (this.#stopped) return;
    const { db, leases, placement, names, log } = this.options;
    try {
      await touchNode(db, leases.node);
      const view = await placementView(
        db,
        leases,
        names(),
        placement,
        this.options.liveWithinMs ?? leases.ttlMs,
      );
      this.#view = view;
      this.#mine = [...view.placed]
        .filter(([, node]) => node === leases.node)
        .map(([name]) => name);
    } catch (error) {
      // Placement unread (the database away): keep wanting what was placed here; the renewals
      // that follow fail too, and the keeper gives up what it cannot renew in time.
      log.warn({ err: error, node: leases.node }, 'market placement not read');
    }
    if (this.#stopped) return;
    await this.#keeper.round();
  }
}
