// `npm run ops -- …` against the server the browser tests use, as an operator would type it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { entryArgs } from '../support/server-entry.ts';

const root = path.resolve(import.meta.dirname, '../..');

export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...entryArgs('ops'), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: new URL(inject('appUrl')).port,
      HOST: '127.0.0.1',
      DATA_DIR: inject('appDataDir'),
    },
  });
  return stdout;
}
