// Keeps the leases this node wants: renews those it holds, tries the others, hands over those it
// no longer wants, and says when one is gained (start the market's engines, rebuilt from the
// database) or lost (stop them at once). A node that cannot renew in time, paused or cut off from
// the database, loses its leases; its writers are fenced by epoch until it notices.
import type { Leases } from './leases.ts';

export interface LeaseKeeperOptions {
  leases: Leases;
  /** The leases this node would hold; one it holds and no longer wants, it hands over. */
  wanted(): readonly string[];
  /** Called once the lease is this node's, before any write under it. */
  onGained(name: string, epoch: number): Promise<void>;
  /** Called once it is not: stop writing for it. */
  onLost(name: string): Promise<void>;
  /** How often it renews and tries: a third of the lease's life, by default. */
  everyMs?: number;
  log: { warn(details: object, message: string): void };
}

export class LeaseKeeper {
  readonly #held = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(private readonly options: LeaseKeeperOptions) {}

  /** The epoch this node holds `name` at, if it does. */
  epochOf(name: string): number | undefined {
    return this.#held.get(name);
  }

  get held(): ReadonlyMap<string, number> {
    return this.#held;
  }

  /** Runs a first round at once (answering when it is done), then one every `everyMs`. */
  async start(): Promise<void> {
    const every = this.options.everyMs ?? Math.max(50, Math.floor(this.options.leases.ttlMs / 3));
    await this.round();
    this.#timer = setInterval(() => void this.round(), every);
  }

  /** One round of renewals and attempts; rounds never overlap. */
  round(): Promise<void> {
    this.#round = this.#round
      .then(() => this.#run())
      .catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'lease round failed');
      });
    return this.#round;
  }

  /** Stops the rounds and releases every lease held, after its engines stopped. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#round;
    for (const [name, epoch] of [...this.#held]) {
      this.#held.delete(name);
      await this.options.onLost(name);
      await this.options.leases.release(name, epoch);
    }
  }

  async #run(): Promise<void> {
    if (this.#stopped) return;
    const { leases } = this.options;
    for (const [name, epoch] of [...this.#held]) {
      let renewed = false;
      if (this.#stopped) return;
      try {
        renewed = await leases.renew(name, epoch);
      } catch (error) {
        // Unreachable database: the lease will expire; stop before it does, as if it had.
        this.options.log.warn({ err: error, lease: name }, 'lease not renewed');
      }
      if (renewed) continue;
      // Renewed too late (a pause past the expiry): taken again at the very next epoch, nobody
      // held it in between and nothing changed under this node's feet; else it is lost.
      const again = await leases.acquire(name).catch(() => null);
      if (again === epoch + 1) {
        this.#held.set(name, again);
        this.options.log.warn({ lease: name, epoch: again }, 'lease renewed late');
        continue;
      }
      if (again !== null) await leases.release(name, again);
      this.#held.delete(name);
      await this.options.onLost(name);
    }
    const wanted = new Set(this.options.wanted());
    // Held but no longer wanted (placed on another node): its writers stop first, then the lease
    // is released, so the other node takes it at its next round instead of after the expiry.
    for (const [name, epoch] of [...this.#held]) {
      if (this.#stopped) return;
      if (wanted.has(name)) continue;
      this.#held.delete(name);
      await this.options.onLost(name);
      await leases.release(name, epoch);
    }
    for (const name of wanted) {
      if (this.#stopped || this.#held.has(name)) continue;
      const epoch = await leases.acquire(name);
      if (epoch === null) continue;
      this.#held.set(name, epoch);
      try {
        await this.options.onGained(name, epoch);
      } catch (error) {
        // Its work did not start (the database away while reading it back): let it go, so that
        // this node or another takes it again at a later round instead of holding it idle.
        this.options.log.warn({ err: error, lease: name }, 'lease taken but its work not started');
        this.#held.delete(name);
        await this.options.onLost(name).catch(() => undefined);
        await leases.release(name, epoch).catch(() => undefined);
      }
    }
  }
}
