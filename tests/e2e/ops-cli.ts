// `npm run ops -- …` against the server the browser tests use, as an operator would type it.
import { inject } from 'vitest';
import { runOps } from '../support/ops-process.ts';

export function ops(...args: string[]): Promise<string> {
  return runOps({ url: inject('appUrl'), dataDir: inject('appDataDir') }, args);
}
