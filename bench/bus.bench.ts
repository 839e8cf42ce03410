// The bus between nodes (`npm run bench -- bus`): what a hop costs, over NATS against the
// in-process bus a single node uses, when a NATS server answers (else the in-process rows only).
// - A command's round trip: one request at a time, as an order placed on one node waits for the
//   answer of its market's owner on another (a depth-diff-sized body each way).
// - Market data: 100,000 depth diffs published by one node and heard by another, in order.
import type { Bus } from '../server/bus/bus.ts';
import { LocalBus } from '../server/bus/local-bus.ts';
import { NatsBus } from '../server/bus/nats-bus.ts';
import { natsAnswers } from '../tests/support/nats.ts';
import { type Measurement, markdownTable, measure, printTable } from './table.ts';

const requests = Number(process.env.BUS_REQUESTS ?? 5_000);
const diffs = Number(process.env.BUS_DIFFS ?? 100_000);
const silent = { warn: () => undefined };

/** A spot order as a command carries it, and a depth diff as the book publishes it. */
const order = {
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  price: '87402.40',
  quantity: '0.01500',
  userId: 41_234,
  key: '7d0c2b5e-2f7a-4c55-9f3e-8b8f0b7e1a42',
};
const diff = {
  seq: 0,
  bids: [
    ['87402.40', '1.25000'],
    ['87401.90', '0.00000'],
  ],
  asks: [['87403.10', '0.48000']],
};

async function roundTrip(name: string, requester: Bus, server: Bus): Promise<Measurement> {
  const stop = server.serve('bench.cmd.spot.BTCUSDT', async (message) => ({
    accepted: message,
    status: 'new',
  }));
  await requester.health();
  await server.health();
  try {
    return await measure(name, requests, () =>
      requester.request('bench.cmd.spot.BTCUSDT', order, 10_000),
    );
  } finally {
    stop();
  }
}

/** Publishes `diffs` messages and answers when the last is heard: messages a second, end to end. */
async function stream(name: string, publisher: Bus, subscriber: Bus): Promise<Measurement> {
  let heard = 0;
  let outOfOrder = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  const stop = subscriber.subscribe('bench.md.depth.BTCUSDT', (message) => {
    if ((message as { seq: number }).seq !== heard) outOfOrder++;
    heard++;
    if (heard === diffs) done();
  });
  await subscriber.health();
  const started = process.hrtime.bigint();
  for (let seq = 0; seq < diffs; seq++) {
    publisher.publish('bench.md.depth.BTCUSDT', { ...diff, seq });
    // Let the socket drain now and then, as a server publishing on its ticks does.
    if (seq % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  await all;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  stop();
  if (outOfOrder > 0) throw new Error(`${name}: ${outOfOrder} diffs out of order`);
  return { name, opsPerSecond: diffs / seconds, p50Us: 0, p99Us: 0 };
}

export async function run(): Promise<void> {
  const local = new LocalBus();
  const natsUrl = await natsAnswers();
  const nodes = natsUrl
    ? await Promise.all(
        ['bench-a', 'bench-b'].map((name) => NatsBus.connect({ url: natsUrl, name, log: silent })),
      )
    : [];
  try {
    const hops = [await roundTrip('command round trip: in-process', local, local)];
    const [a, b] = nodes;
    if (a && b) hops.push(await roundTrip('command round trip: NATS, node to node', a, b));
    process.stdout.write(
      `One request at a time, ${requests.toLocaleString('en')} of them${natsUrl ? '' : ' (no NATS server answered: in-process only)'}.\n\n`,
    );
    printTable(hops, hops[0] as Measurement);
    const streams = [await stream('depth diffs: in-process', local, local)];
    if (a && b) streams.push(await stream('depth diffs: NATS, node to node', a, b));
    process.stdout.write(`\n${diffs.toLocaleString('en')} depth diffs, each heard in order.\n\n`);
    const base = (streams[0] as Measurement).opsPerSecond;
    const table = markdownTable(
      [
        { title: 'case' },
        { title: 'diffs/s', align: 'right' },
        { title: 'vs in-process', align: 'right' },
      ],
      streams.map((row) => [
        row.name,
        row.opsPerSecond.toFixed(0),
        `${(row.opsPerSecond / base).toFixed(2)}×`,
      ]),
    );
    process.stdout.write(`${table}\n`);
  } finally {
    await local.close();
    for (const node of nodes) await node.close();
  }
}
