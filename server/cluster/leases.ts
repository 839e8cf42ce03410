// Leases in the database: who runs a market's engines. Each lease has one owner at a time, until
// an expiry the owner keeps pushing forward; a node may take a lease only once it has expired (or
// when the owner is itself, restarted under the same name). Times are the database's own `now()`,
// so the nodes' clocks never have to agree. Every change of owner adds one to the lease's epoch:
// the owner's writers check their epoch in their own transaction (`fence`), which holds off a
// takeover until they commit and refuses them once another node has taken over.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface LeaseRow {
  name: string;
  owner: string;
  epoch: number;
  acquiredAt: Date;
  expiresAt: Date;
  /** Whether it is still in force, by the database's clock. */
  held: boolean;
}

/** The writer's lease is gone: another node owns the market now, or will. */
export class LeaseLost extends Error {
  constructor(
    readonly lease: string,
    readonly epoch: number,
  ) {
    super(`lease ${lease} at epoch ${epoch} is no longer held`);
  }
}

export class Leases {
  constructor(
    private readonly db: Kysely<Database>,
    /** This node's name: unique among the nodes that run at once. */
    readonly node: string,
    readonly ttlMs: number,
  ) {}

  /** Takes `name` when it is free, expired or this node's own; answers its new epoch, or null. */
  async acquire(name: string): Promise<number | null> {
    const { rows } = await sql<{ epoch: string }>`
      insert into leases as l (name, owner, epoch, acquired_at, expires_at)
      values (${name}, ${this.node}, 1, now(), now() + ${this.ttlMs} * interval '1 millisecond')
      on conflict (name) do update
        set owner = excluded.owner, epoch = l.epoch + 1, acquired_at = now(),
          expires_at = excluded.expires_at
        where l.expires_at <= now() or l.owner = excluded.owner
      returning epoch::text`.execute(this.db);
    return rows[0] ? Number(rows[0].epoch) : null;
  }

  /**
   * Pushes the expiry forward; false when the lease is no longer this node's at `epoch` or has
   * expired meanwhile (a paused node): its market must be given up, even if nobody took it yet.
   */
  async renew(name: string, epoch: number): Promise<boolean> {
    const { rows } = await sql<{ name: string }>`
      update leases set expires_at = now() + ${this.ttlMs} * interval '1 millisecond'
      where name = ${name} and owner = ${this.node} and epoch = ${epoch} and expires_at > now()
      returning name`.execute(this.db);
    return rows.length === 1;
  }

  /** Gives the lease up at once (a clean stop), so another node need not wait for its expiry. */
  async release(name: string, epoch: number): Promise<void> {
    await sql`update leases set expires_at = now()
      where name = ${name} and owner = ${this.node} and epoch = ${epoch}`.execute(this.db);
  }

  /**
   * Inside a writer's transaction: throws `LeaseLost` unless this node still holds `name` at
   * `epoch`. The row stays share-locked until the transaction ends, so no takeover lands between
   * this check and the commit.
   */
  async fence(trx: Transaction<Database>, name: string, epoch: number): Promise<void> {
    const { rows } = await sql<{ name: string }>`
      select name from leases
      where name = ${name} and owner = ${this.node} and epoch = ${epoch} and expires_at > now()
      for share`.execute(trx);
    if (rows.length !== 1) throw new LeaseLost(name, epoch);
  }

  async list(): Promise<LeaseRow[]> {
    const { rows } = await sql<{
      name: string;
      owner: string;
      epoch: string;
      acquired_at: Date | string;
      expires_at: Date | string;
      held: boolean;
    }>`select name, owner, epoch::text, acquired_at, expires_at, expires_at > now() as held
      from leases order by name`.execute(this.db);
    return rows.map((row) => ({
      name: row.name,
      owner: row.owner,
      epoch: Number(row.epoch),
      acquiredAt: new Date(row.acquired_at),
      expiresAt: new Date(row.expires_at),
      held: row.held,
    }));
  }
}
