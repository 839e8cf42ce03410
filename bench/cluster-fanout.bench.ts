// Socket fan-out across three nodes against one node, at equal CPU (`npm run bench --
// cluster-fanout`): the same subscribers to every public channel but kline of the 8 default
// markets, held by one node, or spread evenly over three nodes (one with the feed, two relaying
// its frames over NATS, as nodes without the engines do). The server processes of both setups
// are pinned to the same cores, so the three nodes share what the one node has alone; the
// subscribers run in other processes on the remaining core. Needs NATS; says so otherwise.
// `FANOUT_SIZES=300,3000` changes the sizes (multiples of three).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { natsAnswers } from '../tests/support/nats.ts';
import { fanoutChannels, launchClients } from './gateway/fanout-setup.ts';
import { Remote } from './gateway/ipc.ts';
import type {
  ClientRequest,
  Counters,
  Ready,
  Role,
  ServerRequest,
  Status,
} from './gateway/messages.ts';
import { cpuSeconds, pidOf, rssBytes } from './gateway/process-usage.ts';
import { clientCores, end, launch, openFileLimit } from './gateway/processes.ts';
import { markdownTable } from './table.ts';

const sizes = (process.env.FANOUT_SIZES ?? '1500,6000').split(',').map(Number);
const setups: { label: string; roles: Role[] }[] = [
  { label: 'one node', roles: ['single'] },
  { label: 'three nodes over NATS', roles: ['owner', 'relay', 'relay'] },
];
const clientProcesses = 2;
const warmUpMs = 3000;
const windowMs = 5000;
const subscribeTimeoutMs = 90_000;
/** Each channel changes on every 100 ms publication tick of the flood. */
const floodFramesPerChannel = 10;

const channels = fanoutChannels;
const here = path.join(import.meta.dirname, 'gateway');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  setup: string;
  size: number;
  held: number;
  framesPerSecond: number;
  serverCores: number;
  natsCores: number | null;
  rss: number;
}

interface Node {
  remote: Remote<ServerRequest>;
  pid: number;
  port: number;
  end(): Promise<void>;
}

export async function run(): Promise<void> {
  const natsUrl = await natsAnswers();
  if (!natsUrl) {
    process.stdout.write('Needs NATS: none answered, nothing measured.\n');
    return;
  }
  const pinning = clientCores();
  const cores = availableParallelism();
  /** Every core but the clients' one: the servers of both setups get the same. */
  const serverCpus = pinning ? Array.from({ length: cores - 1 }, (_, i) => i).join(',') : undefined;
  const clients = await launchClients(clientProcesses, pinning?.cpus);
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    for (const size of sizes) {
      if (size > openFileLimit() - 256) {
        notes.push(`${size} subscribers skipped: over the open-file limit.`);
        continue;
      }
      for (const setup of setups) {
        const row = await runOne(size, setup, clients, natsUrl, serverCpus).catch(
          (error: unknown) => {
            notes.push(`${size} subscribers, ${setup.label}: ${String(error)}`);
            return null;
          },
        );
        if (row) rows.push(row);
      }
    }
  } finally {
    await Promise.all(clients.map(({ child }) => end(child)));
  }
  const right = (title: string) => ({ title, align: 'right' as const });
  const table = markdownTable(
    [
      right('subscribers'),
      { title: 'setup' },
      right('held'),
      right('frames/s'),
      right('of the flood'),
      right('server CPU (cores)'),
      right('frames per server CPU-s'),
      right('vs one node'),
      right('NATS CPU (cores)'),
      right('server RSS MiB'),
    ],
    rows.map((row) => {
      const perCpu = row.framesPerSecond / row.serverCores;
      const one = rows.find((other) => other.size === row.size && other.setup === 'one node');
      return [
        row.size.toLocaleString('en'),
        row.setup,
        row.held.toLocaleString('en'),
        Math.round(row.framesPerSecond).toLocaleString('en'),
        `${((row.framesPerSecond / (row.held * channels.length * floodFramesPerChannel)) * 100).toFixed(0)} %`,
        row.serverCores.toFixed(2),
        Math.round(perCpu).toLocaleString('en'),
        one ? `${(perCpu / (one.framesPerSecond / one.serverCores)).toFixed(2)}×` : '–',
        row.natsCores === null ? '–' : row.natsCores.toFixed(2),
        (row.rss / 1024 ** 2).toFixed(0),
      ];
    }),
  );
  const lines = [
    `${cores} cores; server processes pinned to ${serverCpus === undefined ? 'none (no taskset or one core)' : `core ${serverCpus}`} in both setups, ${pinning ? `clients pinned to core ${pinning.cpus}` : 'clients not pinned'}; the NATS server is not pinned and is counted apart.`,
    `Each subscriber holds ${channels.length} channels; the flood changes every market on every 100 ms tick, up to ${channels.length * floodFramesPerChannel} frames/s per subscriber. ${warmUpMs / 1000} s of flood, then a window of ${windowMs / 1000} s.`,
    '',
    table,
  ];
  if (notes.length > 0) lines.push('', ...notes);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function startNode(
  role: Role,
  natsUrl: string,
  scope: string,
  cpus: string | undefined,
): Promise<Node> {
  const { child, ready } = await launch<Ready>(path.join(here, 'fanout-server.ts'), {
    cpus,
    env: { FANOUT_ROLE: role, NATS_URL: natsUrl, FANOUT_SCOPE: scope },
  });
  return {
    remote: new Remote<ServerRequest>(child, role),
    pid: child.pid as number,
    port: ready.port,
    end: () => end(child),
  };
}

async function runOne(
  size: number,
  setup: { label: string; roles: Role[] },
  clients: { remote: Remote<ClientRequest> }[],
  natsUrl: string,
  cpus: string | undefined,
): Promise<Row> {
  const scope = `fanout${Math.random().toString(36).slice(2, 10)}`;
  const nodes: Node[] = [];
  try {
    for (const role of setup.roles) nodes.push(await startNode(role, natsUrl, scope, cpus));
    const share = Math.floor(size / nodes.length);
    // Each node's share split over the client processes.
    for (const node of nodes) {
      await Promise.all(
        clients.map(({ remote }, i) =>
          remote.ask<number>({
            op: 'connect',
            port: node.port,
            count: Math.floor((share + i) / clients.length),
            channels,
          }),
        ),
      );
    }
    const deadline = performance.now() + subscribeTimeoutMs;
    for (const node of nodes) {
      for (;;) {
        const status = await node.remote.ask<Status>({ op: 'status' });
        if (status.subscriptions >= share * channels.length) break;
        if (performance.now() > deadline) {
          throw new Error(`only ${status.subscriptions} subscriptions on a node`);
        }
        await sleep(100);
      }
    }
    const feeding = nodes[0] as Node;
    await feeding.remote.ask({ op: 'flood', on: true });
    await sleep(warmUpMs);

    const counters = async () =>
      (
        await Promise.all(clients.map(({ remote }) => remote.ask<Counters>({ op: 'counters' })))
      ).reduce((sum, c) => ({ frames: sum.frames + c.frames, open: sum.open + c.open }), {
        frames: 0,
        open: 0,
      });
    const natsPid = pidOf('nats-server');
    const serverCpu = () => nodes.reduce((sum, node) => sum + (cpuSeconds(node.pid) ?? 0), 0);
    const before = {
      counters: await counters(),
      cpu: serverCpu(),
      nats: natsPid && cpuSeconds(natsPid),
    };
    const startedAt = performance.now();
    await sleep(windowMs);
    const seconds = (performance.now() - startedAt) / 1000;
    const after = {
      counters: await counters(),
      cpu: serverCpu(),
      nats: natsPid && cpuSeconds(natsPid),
    };
    const rss = nodes.reduce((sum, node) => sum + (rssBytes(node.pid) ?? 0), 0);
    await feeding.remote.ask({ op: 'flood', on: false });
    return {
      setup: setup.label,
      size,
      held: after.counters.open,
      framesPerSecond: (after.counters.frames - before.counters.frames) / seconds,
      serverCores: (after.cpu - before.cpu) / seconds,
      natsCores:
        typeof before.nats === 'number' && typeof after.nats === 'number'
          ? (after.nats - before.nats) / seconds
          : null,
      rss,
    };
  } finally {
    await Promise.all(clients.map(({ remote }) => remote.ask({ op: 'disconnect' })));
    await Promise.all(nodes.map((node) => node.end()));
  }
}
