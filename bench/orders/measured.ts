// A load case measured on the server as well: the database statements it caused and the server's
// event-loop delay during it, from the operator `stats` call before and after (each `stats`
// restarts the delay); and the ledger check a driver ends with.
import { callOperator } from '../../tests/support/operator-api.ts';
import { closedLoop, type LoadResult } from './closed-loop.ts';
import type { Server } from './traders.ts';

export interface Measured {
  result: LoadResult;
  statements: number;
  /** The server's event-loop delay p99 during the case: what a GET or a socket frame waited. */
  loopDelayMs: number;
}

interface Stats {
  statements: number;
  event_loop_delay: { p99_ms: number };
}

async function stats(server: Server): Promise<Stats> {
  return (await callOperator<Stats>(server, 'stats', {})).body.data;
}

/** Runs one closed-loop case and counts the database statements it caused. */
export async function measured(
  server: Server,
  concurrency: number,
  seconds: number,
  request: (worker: number) => Promise<boolean>,
): Promise<Measured> {
  const before = await stats(server);
  const result = await closedLoop(concurrency, seconds, request);
  const after = await stats(server);
  return {
    result,
    statements: after.statements - before.statements,
    loopDelayMs: after.event_loop_delay.p99_ms,
  };
}

/** The operator ledger check; throws with its problems when it fails. */
export async function checkLedger(server: Server): Promise<void> {
  const check = await callOperator<{ ok: boolean; problems: unknown[] }>(
    server,
    'ledger/check',
    {},
  );
  if (!check.body.data.ok) {
    throw new Error(`ledger check failed: ${JSON.stringify(check.body.data.problems)}`);
  }
}
