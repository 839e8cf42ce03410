// Socket gateway fan-out on one node: 1,000 and 10,000 subscribers to every public channel but
// kline of the 8 default markets, the gateway's hub (each frame serialised once per channel and
// tick) against a per-client hub (serialised for every subscriber), in one run. The server runs in
// its own process, the subscribers in others, so only the gateway's work lands on the server.

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defaultMarkets } from '../server/market/catalog.ts';
import { cpuTimes, softirqCores } from './gateway/cpu-times.ts';
import { fanoutChannels, launchClients } from './gateway/fanout-setup.ts';
import { fanoutTable, type Row } from './gateway/fanout-table.ts';
import { Remote } from './gateway/ipc.ts';
import type {
  ClientRequest,
  Counters,
  Memory,
  Ready,
  ServerRequest,
  Status,
  Variant,
  Window,
} from './gateway/messages.ts';
import { clientCores, end, launch, openFileLimit } from './gateway/processes.ts';

/** `FANOUT_SIZES=100,1000` for a quick look; the table in docs/gateway.md uses the default. */
const sizes = (process.env.FANOUT_SIZES ?? '1000,10000').split(',').map(Number);
const variants: { variant: Variant; label: string }[] = [
  { variant: 'per-client', label: 'per-client serialisation (baseline)' },
  { variant: 'shared', label: 'once per channel (gateway)' },
];
const clientProcesses = 2;
const warmUpMs = 2000;
const windowMs = 5000;
/** Publications a window must see whole, however long they take. */
const minTicks = 2;
const subscribeTimeoutMs = 60_000;
/** Descriptors a process needs besides its sockets (stdio, IPC, the loader, timers). */
const spareFiles = 256;

const channels = fanoutChannels;
const here = path.join(import.meta.dirname, 'gateway');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  const fileLimit = openFileLimit();
  const pinning = clientCores();
  const notes: string[] = [];
  const clients = await launchClients(clientProcesses, pinning?.cpus);

  const rows: Row[] = [];
  try {
    for (const wanted of sizes) {
      // The server holds a socket per subscriber (the clients half as many each): scale a size
      // down to what the limit allows rather than fail half-way through connecting.
      const size = Math.min(wanted, fileLimit - spareFiles);
      if (size < wanted) {
        notes.push(
          `${wanted.toLocaleString('en')} subscribers could not run: the server would need ${wanted + spareFiles} open files and the limit is ${fileLimit}; ${size > 0 ? `ran ${size.toLocaleString('en')} instead` : 'skipped'}.`,
        );
        if (size <= 0) continue;
      }
      for (const { variant, label } of variants) {
        const row = await runOne(size, variant, label, clients).catch((error: unknown) => {
          notes.push(`${size.toLocaleString('en')} subscribers, ${label}: ${String(error)}`);
          return null;
        });
        if (row) rows.push(row);
      }
    }
  } finally {
    await Promise.all(clients.map(({ child }) => end(child)));
  }

  const lines = [
    `${availableParallelism()} cores (${pinning?.note ?? 'no pinning'}), open-file limit ${fileLimit} per process.`,
    `Each subscriber holds ${channels.length} channels (ticker, depth, trades of ${defaultMarkets.length} markets). The flood feed changes every market on every 100 ms publication tick (4 trades, 5 book levels a side), so each channel offers up to 10 frames/s: ${(channels.length * 10).toLocaleString('en')} frames/s per subscriber. ${warmUpMs / 1000} s of flood before each window of ${windowMs / 1000} s (longer when needed to hold ${minTicks} whole ticks).`,
    '',
    ...fanoutTable(rows),
  ];
  for (const row of rows) {
    if (row.connected < row.size || row.refusals > 0) {
      notes.push(
        `${row.size.toLocaleString('en')} subscribers, ${row.label}: ${row.connected} connected, ${row.refusals} refusals.`,
      );
    }
  }
  if (notes.length > 0) lines.push('', ...notes);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function runOne(
  size: number,
  variant: Variant,
  label: string,
  clients: { remote: Remote<ClientRequest> }[],
): Promise<Row> {
  const { child, ready } = await launch<Ready>(path.join(here, 'fanout-server.ts'), {
    env: { FANOUT_VARIANT: variant },
  });
  const server = new Remote<ServerRequest>(child, 'server');
  try {
    const idle = await server.ask<Memory>({ op: 'memory' });
    const connectingAt = performance.now();
    const shares = clients.map((_, i) => Math.floor((size + i) / clients.length));
    const failed = await Promise.all(
      clients.map(({ remote }, i) =>
        remote.ask<number>({ op: 'connect', port: ready.port, count: shares[i] ?? 0, channels }),
      ),
    );
    const connected = size - failed.reduce((sum, n) => sum + n, 0);
    const deadline = performance.now() + subscribeTimeoutMs;
    for (;;) {
      const status = await server.ask<Status>({ op: 'status' });
      if (status.subscriptions >= connected * channels.length) break;
      if (performance.now() > deadline) throw new Error(`only ${status.subscriptions} subscribed`);
      await sleep(100);
    }
    const connectSeconds = (performance.now() - connectingAt) / 1000;
    const subscribed = await server.ask<Memory>({ op: 'memory' });
    await server.ask({ op: 'flood', on: true });
    await sleep(warmUpMs);

    const counters = async () => {
      const all = await Promise.all(
        clients.map(({ remote }) => remote.ask<Counters>({ op: 'counters' })),
      );
      return all.reduce((sum, c) => ({
        frames: sum.frames + c.frames,
        bytes: sum.bytes + c.bytes,
        open: sum.open + c.open,
        closed: sum.closed + c.closed,
        refusals: sum.refusals + c.refusals,
      }));
    };
    // The client counters are read after the server answers, so both windows start and end
    // together even when the server answers late, behind a long tick.
    await server.ask({ op: 'window-start' });
    const startedAt = performance.now();
    const cpuBefore = cpuTimes();
    const before = await counters();
    await sleep(windowMs);
    const window = await server.ask<Window>({ op: 'window-stop', minTicks });
    const stoppedAt = performance.now();
    const cpuAfter = cpuTimes();
    const after = await counters();
    await server.ask({ op: 'flood', on: false });
    const seconds = (stoppedAt - startedAt) / 1000;
    const framesPerSecond = (after.frames - before.frames) / seconds;
    // Subscribers dropped during the window count for the part of it they were connected: halve them.
    const listening = after.open + (after.closed - before.closed) / 2;
    return {
      size,
      label,
      variant,
      framesPerSecond,
      bytesPerSecond: (after.bytes - before.bytes) / seconds,
      offered: (window.ticks / window.seconds) * channels.length * listening,
      window,
      idle,
      subscribed,
      softirq: softirqCores(cpuBefore, cpuAfter, availableParallelism()),
      connectSeconds,
      dropped: after.closed,
      refusals: after.refusals,
      connected,
    };
  } finally {
    await Promise.all(clients.map(({ remote }) => remote.ask({ op: 'disconnect' })));
    await end(child);
  }
}
