// The server process of the fan-out benchmarks: a Fastify app with the real socket gateway and
// market service, fed by the flood feed, and the measurements only the server can take (memory,
// event-loop delay, CPU). `FANOUT_VARIANT` picks the hub: `shared` (the gateway's own) or
// `per-client` (the naive baseline). `FANOUT_ROLE` picks its part: `single` (alone, the default),
// or one node of a cluster over NATS (`NATS_URL`, subjects under `FANOUT_SCOPE`): `owner` (the
// feed is here, and its frames go to the bus for the others) or `relay` (frames from the owner,
// through the gateway's public relay, as a node without the engines gets them).
import Fastify from 'fastify';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Bus } from '../../server/bus/bus.ts';
import { scopedBus } from '../../server/bus/cluster-scope.ts';
import { NatsBus } from '../../server/bus/nats-bus.ts';
import { PublicRelay } from '../../server/bus/public-relay.ts';
import type { Database } from '../../server/db/tables.ts';
import { SocketGateway } from '../../server/gateway/socket-gateway.ts';
import { defaultMarkets, marketsFor } from '../../server/market/catalog.ts';
import { MarketService } from '../../server/market/market-service.ts';
import { marketStream } from '../../server/market/market-stream.ts';
import { nodeScheduler } from '../../server/scheduler.ts';
import { FloodFeed } from './flood-feed.ts';
import { serve } from './ipc.ts';
import type { Ready, Role, ServerRequest, Status, Variant } from './messages.ts';
import { PerClientHub } from './per-client-hub.ts';
import { memory, ServerWindow } from './server-window.ts';

const variant = (process.env.FANOUT_VARIANT ?? 'shared') as Variant;
const role = (process.env.FANOUT_ROLE ?? 'single') as Role;
const sampleMs = 250;
/**
 * Output waiting for slow peers may reach `bufferedBytes` (1 MiB) per connection before the
 * gateway drops them: at 10,000 connections more than the machine may have. Past this the run
 * stops rather than push the machine into swapping or the OOM killer.
 */
const rssLimit = 4 * 1024 ** 3;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('the fan-out server needs --expose-gc');

// No stored candles: a database that answers every query with no rows keeps the server's memory
// and CPU about the gateway (candles are never stored during a run either).
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const markets = marketsFor(defaultMarkets);
const feed = new FloodFeed({ markets, tradesPerStep: 4, levelsPerStep: 5 });
const app = Fastify({ logger: false });
const service = new MarketService({
  markets,
  feeds: [feed],
  db,
  scheduler: nodeScheduler,
  log: app.log,
  historyDays: 0,
  storeMs: 3_600_000,
});
const stream = marketStream(service);
const bus: Bus | undefined =
  role === 'single'
    ? undefined
    : scopedBus(
        await NatsBus.connect({
          url: process.env.NATS_URL ?? '',
          name: `fanout-${role}-${process.pid}`,
          log: app.log,
        }),
        process.env.FANOUT_SCOPE ?? 'fanout',
      );
const relay =
  bus &&
  new PublicRelay({
    bus,
    nodeId: `fanout-${process.pid}`,
    streams: [stream],
    leaseOf: () => 'engines',
    held: () => (role === 'owner' ? ['engines'] : []),
    now: () => Date.now(),
    log: app.log,
  });
const gateway = new SocketGateway({
  publicStreams: [stream],
  relay,
  privateStreams: [],
  scheduler: nodeScheduler,
  authenticate: async () => null,
  // Every subscriber connects from loopback.
  limits: { connectionsPerAddress: Number.POSITIVE_INFINITY },
  ...(variant === 'per-client' ? { hub: new PerClientHub() } : {}),
});

let flooding = false;
let window: ServerWindow | undefined;
// One flood step after each publication: the next tick publishes exactly one step's changes,
// however late the tick runs. Off while subscribers connect, so that connecting 10,000 does not
// queue behind ticks that each take seconds. Listeners run in the order they were added: this one
// before the gateway's, the one below after it, so the two time the gateway's publication.
service.onChanges((now) => {
  if (flooding) feed.step(now);
  window?.tickStarts();
});
// A relay node has no feed of its own: what it sends comes from the owner.
if (role !== 'relay') await service.start();
await gateway.register(app);
service.onChanges(() => window?.tickEnds());
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

setInterval(() => {
  const sample = memory();
  window?.sample(sample);
  if (sample.rss > rssLimit) {
    process.stderr.write(`fan-out server: RSS ${sample.rss} bytes, over the limit; stopping\n`);
    process.exit(3);
  }
}, sampleMs).unref();

serve<ServerRequest>((request) => {
  switch (request.op) {
    case 'memory':
      // Twice: the first collection can leave garbage its finalisers made.
      gc();
      gc();
      return memory();
    case 'status':
      return {
        connections: gateway.connections,
        subscriptions: gateway.hub.size,
      } satisfies Status;
    case 'flood':
      flooding = request.on;
      return null;
    case 'window-start':
      window = new ServerWindow();
      return null;
    case 'window-stop': {
      const open = window;
      if (!open) throw new Error('no window started');
      return open.stop(request.minTicks).finally(() => {
        window = undefined;
      });
    }
  }
});
process.send?.({ ready: true, port: address.port } satisfies Ready);
