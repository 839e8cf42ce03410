// How a test starts the server or the operator's CLI as a process: from the run's bundle when the
// global setup made one (tests/support/server-bundle.ts), else from the sources through tsx, as
// `npm start` and `npm run ops` do.
import path from 'node:path';

/** The environment variable naming the run's bundle directory. */
export const bundleEnv = 'MERIDIAN_SERVER_BUNDLE';

const entries = {
  main: 'server/main.ts',
  ops: 'server/ops/cli.ts',
} as const;

/** Node's arguments that run `entry`, before the entry's own arguments. */
export function entryArgs(entry: keyof typeof entries): string[] {
  const bundle = process.env[bundleEnv];
  if (bundle) return [path.join(bundle, `${entry}.mjs`)];
  return ['--import', 'tsx', entries[entry]];
}
