// The spread-markets bench's server processes: real servers (tests/support/server-process.ts) on
// PostgreSQL and NATS with the perpetual markets spread by lease, each pinned to one core with
// `taskset -a` once it listens (every thread it has then; threads and children it starts later
// inherit the core), and the owners of the `perp:` leases as the operator `cluster` call lists them.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { ContractMarket } from '../../schemas/api/contract.schema.ts';
import { ApiClient } from '../../tests/support/api-client.ts';
import { callOperator } from '../../tests/support/operator-api.ts';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process.ts';

export type Marked = ContractMarket & { mark_price: string };

export interface Node {
  id: string;
  core: number;
  server: ServerProcess;
}

/** Whether `taskset` runs here. */
export function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The cores each thread of `pid` may run on, as the kernel lists them ("0", "0-1"). */
function allowedCores(pid: number): Set<string> {
  const found = new Set<string>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
    const line = /^Cpus_allowed_list:\s*(\S+)/m.exec(status);
    if (line?.[1]) found.add(line[1]);
  }
  return found;
}

/** Pins every thread of the process, and of any child it has, to `core`; throws if it did not. */
function pin(pid: number, core: number): void {
  const children = (() => {
    try {
      return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  })();
  for (const target of [pid, ...children]) {
    execFileSync('taskset', ['-a', '-p', '-c', String(core), String(target)], {
      stdio: 'ignore',
    });
    const cores = allowedCores(target);
    if (cores.size !== 1 || !cores.has(String(core))) {
      throw new Error(`process ${target} runs on ${[...cores].join(' ')}, not core ${core}`);
    }
  }
}

/**
 * Starts a node and pins it. The first node of a setup waits for its markets to be live; a later
 * one only for it to listen, as the market data's node is the one that goes live.
 */
export async function startPinnedNode(
  env: Record<string, string>,
  id: string,
  core: number,
  first: boolean,
): Promise<Node> {
  const server = await startServerProcess(
    { ...env, NODE_ID: id },
    { until: first ? 'live' : 'listening' },
  );
  try {
    pin(server.pid, core);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { id, core, server };
}

interface Lease {
  name: string;
  owner: string;
  held: boolean;
}

/** Each perpetual market's owner as the cluster lists it: symbol to node id. */
export async function perpetualOwners(node: Node): Promise<Map<string, string>> {
  const answer = await callOperator<{ leases: Lease[] }>(node.server, 'cluster', {});
  if (!answer.body.ok) throw new Error(`cluster refused: ${answer.body.error}`);
  return new Map(
    answer.body.data.leases
      .filter((lease) => lease.held && lease.name.startsWith('perp:'))
      .map((lease) => [lease.name.slice('perp:'.length), lease.owner]),
  );
}

/** Polls `read` until it answers something, or throws after `ms`. */
export async function until<T>(
  read: () => Promise<T | undefined>,
  what: string,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the eight perpetual markets are held, `each` by every node. */
export function evenlySpread(nodes: readonly Node[], each: number): Promise<Map<string, string>> {
  return until(async () => {
    const owners = await perpetualOwners(nodes[0] as Node);
    const even =
      owners.size === each * nodes.length &&
      nodes.every((node) => [...owners.values()].filter((o) => o === node.id).length === each);
    return even ? owners : undefined;
  }, `${each} markets on each of ${nodes.length} node(s)`);
}

/** Every perpetual market once it has a mark (the marks cross the bus: any node answers). */
export function markedMarkets(node: Node, count: number): Promise<Marked[]> {
  return until(async () => {
    const answer = await new ApiClient(node.server.url).get<{ list: ContractMarket[] }>(
      '/contract/markets',
    );
    const marked = (answer.body.data?.list ?? []).filter(
      (market): market is Marked => market.mark_price !== null,
    );
    return marked.length === count ? marked : undefined;
  }, 'mark for every perpetual market');
}
