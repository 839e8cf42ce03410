// Serves the built web app from a real server process for the browser tests; stops it at teardown.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

let server: ServerProcess | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    appDataDir: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  const built = path.resolve(import.meta.dirname, '../../dist/index.html');
  if (!existsSync(built)) throw new Error('The web app is not built: run `npm run build` first');
  // A server that fails to start stops itself (`startServerProcess`); one that started stops at
  // teardown, or with this process if the run is cut short.
  // No address or security hold on withdrawals: the browser tests withdraw to an address typed
  // once, right after setting a trade password (the holds are tested by the integration tests).
  server = await startServerProcess({
    WITHDRAW_ADDRESS_HOLD_HOURS: '0',
    WITHDRAW_SECURITY_HOLD_HOURS: '0',
  });
  project.provide('appUrl', server.url);
  project.provide('appDataDir', server.dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
