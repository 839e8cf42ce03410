// The setup the records tests (tests/integration/records-*.test.ts) share: one in-process server
// for the whole file, started before its tests and stopped after them however they ended; calls as
// a signed-in user makes them; and the ledger check each test ends on.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { type Answer, ApiClient } from './api-client.ts';
import { ok } from './expectations.ts';
import { type InProcessServer, startInProcessServer } from './in-process-server.ts';

export interface RecordsServer {
  /** The file's server; throws if it did not start. */
  server(): InProcessServer;
  /** A new client (with an address of its own) for a call. */
  client(): ApiClient;
  /** A POST as the user, with an idempotency key of its own, as the app sends each money call. */
  send<T>(token: string, path: string, body: Record<string, string>): Promise<Answer<T>>;
  /** A GET as the user, answered with its data once it succeeded. */
  read<T>(token: string, path: string, query?: Record<string, string>): Promise<T>;
  /** Whatever the test moved, the ledger still balances. */
  expectLedgerBalanced(): Promise<void>;
}

/**
 * One server for the enclosing file (or `describe`), with no liquidity provider, so that the
 * records hold only what the test's own users did.
 */
export function setUpRecordsServer(
  clock: Clock,
  env: Record<string, string> = {},
  options: Parameters<typeof startInProcessServer>[3] = {},
): RecordsServer {
  let running: InProcessServer | undefined;
  beforeAll(async () => {
    running = await startInProcessServer(
      clock,
      { LIQUIDITY_PROVIDER: 'false', ...env },
      undefined,
      options,
    );
  });
  // Whatever the tests or the start did: a server that never started has nothing to stop.
  afterAll(async () => {
    await running?.stop();
  });
  const server = (): InProcessServer => {
    if (!running) throw new Error('the records server did not start');
    return running;
  };
  const client = () => new ApiClient(server().url);
  return {
    server,
    client,
    send: <T>(token: string, path: string, body: Record<string, string>) =>
      client().post<T>(path, body, { token, headers: { 'idempotency-key': randomUUID() } }),
    read: async <T>(token: string, path: string, query: Record<string, string> = {}) =>
      ok(await client().get<T>(path, query, { token })),
    expectLedgerBalanced: async () => {
      expect(await auditLedger(server().db)).toEqual([]);
    },
  };
}
