// `npm run ops -- …` as an operator types it, against a server a test runs: the CLI as a process
// (from the run's bundle, tests/support/server-entry.ts), finding the server by its port and data
// directory. Answers what it printed; a failed command rejects with the process's error.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { entryArgs } from './server-entry.ts';

const root = path.resolve(import.meta.dirname, '../..');

export async function runOps(
  server: { url: string; dataDir: string },
  args: readonly string[],
): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...entryArgs('ops'), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: new URL(server.url).port,
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
    },
  });
  return stdout;
}
