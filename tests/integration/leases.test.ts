// Leases give each market to one node at a time: on PGlite (one process) and, where it answers,
// on PostgreSQL, where two nodes really race. A node's writes are fenced by its epoch: once
// another node has taken over, a paused owner that wakes up can write nothing more.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LeaseKeeper } from '../../server/cluster/lease-keeper.ts';
import { LeaseLost, Leases } from '../../server/cluster/leases.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();
const opened: OpenedDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await postgres?.drop();
});

const databases = new Map<string, Promise<OpenedDatabase>>();

/** One database of each kind for the file: every test works on leases of its own. */
function openDb(kind: 'PGlite' | 'PostgreSQL'): Promise<OpenedDatabase> {
  let database = databases.get(kind);
  if (!database) {
    database = openDatabase({
      databaseUrl: kind === 'PostgreSQL' ? postgres?.url : undefined,
      pgliteDir: 'memory://',
    }).then((db) => {
      opened.push(db);
      return db;
    });
    databases.set(kind, database);
  }
  return database;
}

/** Until `attempt` answers something other than null, within a time generous for a loaded machine. */
async function eventually<T>(attempt: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const silent = { warn: () => undefined };

/** Node A keeping one lease, with rounds only when the test asks; answers the leases it lost. */
function soleKeeper(db: OpenedDatabase['db'], name: string, ttlMs: number) {
  const lost: string[] = [];
  const keeper = new LeaseKeeper({
    leases: new Leases(db, 'node-a', ttlMs),
    wanted: () => [name],
    onGained: async () => undefined,
    onLost: async (lease) => {
      lost.push(lease);
    },
    everyMs: 60_000,
    log: silent,
  });
  return { keeper, lost };
}
let leaseNumber = 0;
const freshLease = () => `market:T${++leaseNumber}USDT`;

for (const kind of ['PGlite', 'PostgreSQL'] as const) {
  const unavailable = kind === 'PostgreSQL' && !postgres;
  describe.skipIf(unavailable)(
    `leases on ${kind}${unavailable ? ' (skipped: no PostgreSQL answers)' : ''}`,
    () => {
      it('has one owner at a time, renewed by that owner only', async () => {
        const { db } = await openDb(kind);
        const [a, b] = [new Leases(db, 'node-a', 60_000), new Leases(db, 'node-b', 60_000)];
        const name = freshLease();
        expect(await a.acquire(name)).toBe(1);
        expect(await b.acquire(name)).toBeNull();
        expect(await a.renew(name, 1)).toBe(true);
        expect(await b.renew(name, 1)).toBe(false);
        expect((await a.list()).find((lease) => lease.name === name)).toMatchObject({
          owner: 'node-a',
          epoch: 1,
        });
      });

      it('passes to another node once expired, and fences the old owner out', async () => {
        const { db } = await openDb(kind);
        const a = new Leases(db, 'node-a', 300);
        const b = new Leases(db, 'node-b', 60_000);
        const name = freshLease();
        await sql`create table if not exists fenced_writes (lease text, writer text)`.execute(db);
        expect(await a.acquire(name)).toBe(1);
        // Node A pauses: it renews nothing, and node B takes over after the expiry.
        const epoch = await eventually(() => b.acquire(name));
        expect(epoch).toBe(2);
        // Node A wakes up and tries to write under its old epoch: refused, and nothing is written.
        expect(await a.renew(name, 1)).toBe(false);
        const write = (leases: Leases, at: number, writer: string) =>
          db.transaction().execute(async (trx) => {
            await leases.fence(trx, name, at);
            await sql`insert into fenced_writes values (${name}, ${writer})`.execute(trx);
          });
        await expect(write(a, 1, 'node-a')).rejects.toBeInstanceOf(LeaseLost);
        await write(b, 2, 'node-b');
        const { rows } = await sql<{ writer: string }>`
        select writer from fenced_writes where lease = ${name}`.execute(db);
        expect(rows.map((row) => row.writer)).toEqual(['node-b']);
      });

      it('lets a node restarted under the same name take its lease back at once, at a new epoch', async () => {
        const { db } = await openDb(kind);
        const name = freshLease();
        const before = new Leases(db, 'node-a', 60_000);
        expect(await before.acquire(name)).toBe(1);
        const restarted = new Leases(db, 'node-a', 60_000);
        expect(await restarted.acquire(name)).toBe(2);
        await expect(
          db.transaction().execute((trx) => before.fence(trx, name, 1)),
        ).rejects.toBeInstanceOf(LeaseLost);
      });

      it('passes at once after a release', async () => {
        const { db } = await openDb(kind);
        const [a, b] = [new Leases(db, 'node-a', 60_000), new Leases(db, 'node-b', 60_000)];
        const name = freshLease();
        await a.acquire(name);
        await a.release(name, 1);
        expect(await b.acquire(name)).toBe(2);
      });

      it('keeps leases: one node gets them, the other takes them over when it stops', async () => {
        const { db } = await openDb(kind);
        const names = [freshLease(), freshLease()];
        const events: string[] = [];
        const keeper = (node: string) =>
          new LeaseKeeper({
            leases: new Leases(db, node, 60_000),
            wanted: () => names,
            onGained: async (name, epoch) => {
              events.push(`${node} gained ${name} at ${epoch}`);
            },
            onLost: async (name) => {
              events.push(`${node} lost ${name}`);
            },
            everyMs: 60_000,
            log: silent,
          });
        const [a, b] = [keeper('node-a'), keeper('node-b')];
        await a.start();
        await b.start();
        expect([...a.held.keys()].sort()).toEqual([...names].sort());
        expect(b.held.size).toBe(0);
        await a.stop();
        await b.round();
        expect([...b.held.entries()].sort()).toEqual(names.map((name) => [name, 2]).sort());
        expect(events).toEqual([
          ...names.map((name) => `node-a gained ${name} at 1`),
          ...names.map((name) => `node-a lost ${name}`),
          ...names.map((name) => `node-b gained ${name} at 2`),
        ]);
        await b.stop();
      });

      it('carries on after a pause past the expiry when nobody took the lease meanwhile', async () => {
        const { db } = await openDb(kind);
        const name = freshLease();
        const { keeper, lost } = soleKeeper(db, name, 200);
        await keeper.start();
        // Paused: no round until the lease has expired, and nobody else wants it.
        await eventually(async () => {
          const [lease] = (await new Leases(db, 'observer', 1).list()).filter(
            (l) => l.name === name,
          );
          return lease && !lease.held ? true : null;
        });
        await keeper.round();
        expect(lost).toEqual([]);
        expect(keeper.epochOf(name)).toBe(2);
        await keeper.stop();
      });

      it('gives a market up when its lease was taken while it was not looking', async () => {
        const { db } = await openDb(kind);
        const name = freshLease();
        const { keeper, lost } = soleKeeper(db, name, 60_000);
        await keeper.start();
        expect(keeper.epochOf(name)).toBe(1);
        await sql`update leases set owner = 'node-b', epoch = epoch + 1 where name = ${name}`.execute(
          db,
        );
        await keeper.round();
        expect(lost).toEqual([name]);
        expect(keeper.epochOf(name)).toBeUndefined();
        await keeper.stop();
      });
    },
  );
}

describe.skipIf(!postgres)('a fenced write on PostgreSQL', () => {
  it('holds a takeover off until it commits, even past the expiry', async () => {
    // A pool of connections: the write holds one, node B's attempt and the check take others.
    const { db } = await openDb('PostgreSQL');
    const other = { db };
    const name = freshLease();
    const a = new Leases(db, 'node-a', 1_000);
    const b = new Leases(other.db, 'node-b', 60_000);
    expect(await a.acquire(name)).toBe(1);
    const order: string[] = [];
    let fenced: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (fenced = resolve));
    let commit: () => void = () => undefined;
    const writing = db.transaction().execute(async (trx) => {
      await a.fence(trx, name, 1);
      fenced();
      await new Promise<void>((resolve) => (commit = resolve));
      order.push('a committed');
    });
    await inside;
    const taking = eventually(() => b.acquire(name)).then((epoch) =>
      order.push(`b acquired ${epoch}`),
    );
    // B's attempt waits on the row the write share-locked…
    await eventually(async () => {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
      return (rows[0]?.waiting ?? 0) > 0 ? true : null;
    });
    // …and keeps waiting after A's lease has expired, until the write commits.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    commit();
    await writing;
    await taking;
    expect(order).toEqual(['a committed', 'b acquired 2']);
  });
});
