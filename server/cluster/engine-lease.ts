// Which node runs the engines: the market data feeds and candles, the print recorder, the spot and
// perpetual books, liquidation, funding, second-contract settlement, the liquidity provider, and
// the pre-sale and AI writers. On the embedded database only this process can be running
// (PGlite opens its directory for one process), so it runs them at once. On PostgreSQL the
// engines take one lease: the node that holds it runs them and answers every call that reaches
// them, forwarded over the bus from the other nodes; a node that loses it stops its engines and
// stays a gateway until restarted (docs/operations.md § "Running several nodes").
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { LeaseKeeper } from './lease-keeper.ts';
import { LeaseLost, type Leases } from './leases.ts';

export const enginesLease = 'engines';

export interface EngineHooks {
  /** Starts the engines (rebuilt from the database); the node answers their calls from now on. */
  gained(): Promise<void>;
  /** Stops them: another node has the lease, or will. */
  lost(): Promise<void>;
}

export interface EngineLease {
  readonly mode: 'sole' | 'leased';
  /** Whether this node runs the engines now: taken, started and rebuilt, so calls may reach them. */
  isOwner(): boolean;
  /** Inside an engine writer's transaction: refuses (`LeaseLost`) unless this node still runs them. */
  fence(trx: Transaction<Database>): Promise<void>;
  /** Answers once the first attempt is done: owner or not, the node may start listening. */
  start(hooks: EngineHooks): Promise<void>;
  stop(): Promise<void>;
}

/** The only process on its database: the engines are its own from the start. */
export class SoleEngines implements EngineLease {
  readonly mode = 'sole' as const;
  #hooks: EngineHooks | undefined;

  isOwner(): boolean {
    return this.#hooks !== undefined;
  }

  async fence(): Promise<void> {}

  async start(hooks: EngineHooks): Promise<void> {
    await hooks.gained();
    this.#hooks = hooks;
  }

  async stop(): Promise<void> {
    const hooks = this.#hooks;
    this.#hooks = undefined;
    await hooks?.lost();
  }
}

/** One of several nodes on PostgreSQL: the engines run where the lease is. */
export class LeasedEngines implements EngineLease {
  readonly mode = 'leased' as const;
  #keeper: LeaseKeeper | undefined;
  /** Lost once: its engines cannot start again in this process. */
  #retired = false;
  /** Its engines have started (rebuilt from the database) and not stopped: calls may reach them. */
  #running = false;

  constructor(
    private readonly leases: Leases,
    private readonly log: {
      warn(details: object, message: string): void;
      info(details: object, message: string): void;
    },
  ) {}

  isOwner(): boolean {
    return this.#running && this.#keeper?.epochOf(enginesLease) !== undefined;
  }

  async fence(trx: Transaction<Database>): Promise<void> {
    const epoch = this.#keeper?.epochOf(enginesLease);
    if (epoch === undefined) throw new LeaseLost(enginesLease, 0);
    await this.leases.fence(trx, enginesLease, epoch);
  }

  async start(hooks: EngineHooks): Promise<void> {
    this.#keeper = new LeaseKeeper({
      leases: this.leases,
      wanted: () => (this.#retired ? [] : [enginesLease]),
      onGained: async (_, epoch) => {
        this.log.info({ node: this.leases.node, epoch }, 'engines lease taken: starting engines');
        await hooks.gained();
        this.#running = true;
      },
      onLost: async () => {
        this.#retired = true;
        this.#running = false;
        this.log.warn({ node: this.leases.node }, 'engines lease lost: engines stop here');
        await hooks.lost();
      },
      log: this.log,
    });
    await this.#keeper.start();
  }

  async stop(): Promise<void> {
    await this.#keeper?.stop();
  }
}
