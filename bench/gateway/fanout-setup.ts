// What both fan-out benchmarks share: the channels each subscriber holds (ticker, depth and
// trades of the 8 default markets) and the client processes that hold the subscribers.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { defaultMarkets, marketsFor } from '../../server/market/catalog.ts';
import { Remote } from './ipc.ts';
import type { ClientRequest } from './messages.ts';
import { launch } from './processes.ts';

export const fanoutChannels = marketsFor(defaultMarkets).flatMap(({ symbol }) =>
  ['ticker', 'depth', 'trades'].map((kind) => `${kind}.${symbol}`),
);

export interface ClientProcess {
  child: ChildProcess;
  remote: Remote<ClientRequest>;
}

/** Starts `count` client processes, pinned to `cpus` when given. */
export function launchClients(count: number, cpus: string | undefined): Promise<ClientProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { child } = await launch(path.join(import.meta.dirname, 'fanout-clients.ts'), { cpus });
      return { child, remote: new Remote<ClientRequest>(child, `client ${i + 1}`) };
    }),
  );
}
