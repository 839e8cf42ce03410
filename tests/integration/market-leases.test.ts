// Market leases spread over the nodes on PostgreSQL (server/cluster/market-leases.ts): three nodes
// over the eight default markets hold every lease where the placement puts it; when one dies (its
// rounds stop, nothing released) the others take its leases within 10 s and nothing else changes
// hands; a node that joins gets its share handed over, each old owner stopping its writer before
// it releases. Leases of 2 s so a failover takes seconds. Skipped when PostgreSQL does not answer.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { clusterCall } from '../../server/cluster/cluster-ops.ts';
import { Leases } from '../../server/cluster/leases.ts';
import { MarketLeases } from '../../server/cluster/market-leases.ts';
import { type LeasePlacement, placeLeases } from '../../server/cluster/market-placement.ts';
import { registerNode } from '../../server/cluster/nodes.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { createTestDatabase } from '../support/postgres.ts';

const ttlMs = 2_000;
const markets = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'BNB', 'ADA', 'LTC'].map(
  (base) => `market:${base}USDT`,
);
const silent = { warn: () => undefined };

const reachable = await createTestDatabase();
if (reachable) await reachable.drop();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of its own for each test: the live nodes are every row of cluster_nodes. */
async function freshDatabase(): Promise<OpenedDatabase> {
  const created = await createTestDatabase();
  if (!created) throw new Error('PostgreSQL stopped answering');
  const opened = await openDatabase({ databaseUrl: created.url, pgliteDir: 'memory://' });
  cleanups.push(async () => {
    await opened.close();
    await created.drop();
  });
  return opened;
}

interface TestNode {
  id: string;
  keeper: MarketLeases;
  /** What its writers did, in order: `gained <lease> <epoch>`, `lost <lease>`. */
  events: string[];
}

/** Everything that happened on every node, in order: `<node> gained|lost <lease>`. */
const journal: string[] = [];

async function startNode(
  db: OpenedDatabase['db'],
  id: string,
  placement: LeasePlacement,
  timing: { ttlMs: number; everyMs?: number } = { ttlMs },
): Promise<TestNode> {
  await registerNode(db, id, `${id}:0`);
  const events: string[] = [];
  const keeper = new MarketLeases({
    db,
    leases: new Leases(db, id, timing.ttlMs),
    placement,
    names: () => markets,
    onGained: async (name, epoch) => {
      events.push(`gained ${name} ${epoch}`);
      journal.push(`${id} gained ${name}`);
    },
    onLost: async (name) => {
      events.push(`lost ${name}`);
      journal.push(`${id} lost ${name}`);
    },
    everyMs: timing.everyMs ?? Math.floor(timing.ttlMs / 3),
    log: silent,
  });
  await keeper.start();
  // Stopping twice is harmless: the second finds nothing held.
  cleanups.push(() => keeper.stop());
  return { id, keeper, events };
}

/** The leases held now, by the database's clock: lease → owner and epoch. */
async function holders(db: OpenedDatabase['db']) {
  const rows = await new Leases(db, 'observer', ttlMs).list();
  return new Map(
    rows
      .filter((row) => row.held && markets.includes(row.name))
      .map((row) => [row.name, { owner: row.owner, epoch: row.epoch }]),
  );
}

/** Until `check` answers something other than null, within a time generous for a loaded machine. */
async function eventually<T>(
  check: () => Promise<T | null>,
  seen: () => string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`never happened; last seen: ${seen()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until every market's lease is held where `placement` puts it among `nodes`. */
function settledOn(
  db: OpenedDatabase['db'],
  placement: LeasePlacement,
  nodes: readonly TestNode[],
  owners?: ReadonlyMap<string, string>,
) {
  let last = '';
  return eventually(
    async () => {
      const held = await holders(db);
      const placed = placeLeases(placement, {
        nodes: nodes.map((node) => node.id),
        leases: markets,
        owners: owners ?? new Map([...held].map(([name, { owner }]) => [name, owner])),
      });
      const settled =
        held.size === markets.length &&
        markets.every((name) => held.get(name)?.owner === placed.get(name)) &&
        // Each node's own view agrees: it holds exactly what the database says it holds.
        nodes.every(
          (node) =>
            [...node.keeper.held.keys()].sort().join() ===
            markets
              .filter((name) => held.get(name)?.owner === node.id)
              .sort()
              .join(),
        );
      last = JSON.stringify({
        held: Object.fromEntries(held),
        placed: Object.fromEntries(placed),
        kept: Object.fromEntries(nodes.map((node) => [node.id, [...node.keeper.held.keys()]])),
      });
      return settled ? held : null;
    },
    () => last,
  );
}

/** What `ops cluster` answers, asked on any node. */
async function opsCluster(db: OpenedDatabase['db']) {
  const call = clusterCall(db, new LocalBus(), 'node-a').accept({});
  if ('problem' in call) throw call.problem;
  return call.run({
    log: async () => undefined,
    userByAccount: async () => {
      throw new Error('not used');
    },
    fail: (message) => {
      throw new Error(message);
    },
  });
}

function countsOf(held: ReadonlyMap<string, { owner: string }>) {
  const counts = new Map<string, number>();
  for (const { owner } of held.values()) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  return counts;
}

describe.skipIf(!reachable)(
  `market leases over several nodes${reachable ? '' : ' (skipped: no PostgreSQL answers)'}`,
  () => {
    for (const placement of ['rendezvous', 'least-loaded'] as const) {
      it(`${placement}: holds every market on the live nodes, and moves only a dead node's within 10 s`, async () => {
        const { db } = await freshDatabase();
        const nodes = [
          await startNode(db, 'node-a', placement),
          await startNode(db, 'node-b', placement),
          await startNode(db, 'node-c', placement),
        ];
        const before = await settledOn(db, placement, nodes);
        const counts = countsOf(before);
        // Spread: more than one node holds leases, and least-loaded holds 3, 3 and 2.
        expect(counts.size).toBeGreaterThan(1);
        if (placement === 'least-loaded') {
          expect([...counts.values()].sort()).toEqual([2, 3, 3]);
        }
        // `ops cluster` shows who holds what: each node's count, each lease's owner and epoch.
        const shown = (await opsCluster(db)) as {
          nodes: { id: string; holds: number }[];
          leases: { name: string; owner: string; epoch: number }[];
        };
        expect(shown.nodes.map((node) => [node.id, node.holds])).toEqual(
          nodes.map((node) => [node.id, counts.get(node.id) ?? 0]),
        );
        expect(shown.leases).toEqual(
          [...before]
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([name, { owner, epoch }]) => expect.objectContaining({ name, owner, epoch })),
        );
        // The node holding most dies: its rounds stop, it releases nothing.
        const dead = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
        const victim = nodes.find((node) => node.id === dead) as TestNode;
        const survivors = nodes.filter((node) => node !== victim);
        const eventsBefore = survivors.map((node) => node.events.length);
        const diedAt = Date.now();
        victim.keeper.abandon();
        const after = await settledOn(
          db,
          placement,
          survivors,
          new Map(
            [...before]
              .filter(([, { owner }]) => owner !== dead)
              .map(([name, { owner }]) => [name, owner]),
          ),
        );
        const tookMs = Date.now() - diedAt;
        expect(tookMs).toBeLessThan(10_000);
        for (const [name, was] of before) {
          const now = after.get(name);
          if (was.owner === dead) {
            expect(now?.owner).not.toBe(dead);
            expect(now?.epoch).toBe(was.epoch + 1);
          } else {
            // Untouched: same owner, same epoch, its writer never stopped.
            expect(now).toEqual(was);
          }
        }
        // No survivor's writer stopped since: they only gained the dead node's markets.
        survivors.forEach((node, i) => {
          const since = node.events.slice(eventsBefore[i]);
          expect(since.filter((event) => event.startsWith('lost'))).toEqual([]);
        });
        console.info(
          `${placement}: ${before.size - [...before.values()].filter((l) => l.owner !== dead).length} leases of the dead node moved in ${tookMs} ms`,
        );
      }, 120_000);

      it(`${placement}: hands a joining node its share, each writer stopped before its lease is released`, async () => {
        const { db } = await freshDatabase();
        journal.length = 0;
        const nodes = [
          await startNode(db, 'node-a', placement),
          await startNode(db, 'node-b', placement),
        ];
        const before = await settledOn(db, placement, nodes);
        const joining = await startNode(db, 'node-c', placement);
        const after = await settledOn(db, placement, [...nodes, joining]);
        if (placement === 'least-loaded') {
          expect([...countsOf(after).values()].sort()).toEqual([2, 3, 3]);
        }
        let moved = 0;
        for (const [name, was] of before) {
          const now = after.get(name);
          if (now?.owner === was.owner) {
            expect(now).toEqual(was);
            continue;
          }
          moved++;
          expect(now?.owner).toBe('node-c');
          // Handed over: the old owner's writer stopped before the new owner's started.
          const lost = journal.indexOf(`${was.owner} lost ${name}`);
          const gained = journal.indexOf(`node-c gained ${name}`);
          expect(lost).toBeGreaterThanOrEqual(0);
          expect(gained).toBeGreaterThan(lost);
        }
        expect(moved).toBe(countsOf(after).get('node-c'));
        expect(moved).toBeGreaterThan(0);
      }, 120_000);
    }

    it('gives a cleanly stopped node’s leases to the others before they expire', async () => {
      const { db } = await freshDatabase();
      // Leases of 10 s and rounds of 0.2 s: a handover at a clean stop takes a round or two, where
      // a dead node's leases would wait out the 10 s.
      const timing = { ttlMs: 10_000, everyMs: 200 };
      const a = await startNode(db, 'node-a', 'rendezvous', timing);
      const b = await startNode(db, 'node-b', 'rendezvous', timing);
      await settledOn(db, 'rendezvous', [a, b]);
      const observer = new Leases(db, 'observer', 1);
      const before = (await observer.list()).filter((lease) => lease.owner === 'node-a');
      expect(before.length).toBeGreaterThan(0);
      const eventsBefore = a.events.length;
      await a.keeper.stop();
      await settledOn(db, 'rendezvous', [b]);
      const after = new Map((await observer.list()).map((lease) => [lease.name, lease]));
      for (const was of before) {
        const now = after.get(was.name);
        expect(now).toMatchObject({ owner: 'node-b', epoch: was.epoch + 1 });
        // Taken by the database's clock before node A's last renewal would have run out.
        expect(now?.acquiredAt.getTime()).toBeLessThan(was.expiresAt.getTime());
      }
      expect(a.events.slice(eventsBefore).filter((e) => e.startsWith('lost'))).toHaveLength(
        before.length,
      );
    }, 120_000);
  },
);
