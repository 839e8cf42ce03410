import { defineConfig } from 'vitest/config';

// Three kinds of test, each its own project: `npm test` runs them all, in this order of cost.
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts'],
          environment: 'node',
          // Unit tests start no server and wait on nothing but their own work: a file per core.
          // (Vitest's default, a core fewer, leaves one to the servers that other kinds start.)
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
          // Every fresh embedded database of the run starts as a copy of one migrated database.
          globalSetup: ['tests/support/pglite-template.ts'],
          // A property test runs its case a hundred times over; on a machine busy with other work
          // that has taken more than Vitest's default five seconds.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 1 },
          // Two files at a time: much of an integration file is waiting (a lease running out, a
          // second contract's minute, a chain's blocks, a server starting), which the other fills.
          maxWorkers: 2,
          // Files share their worker and its loaded modules: a fresh worker per file loaded the
          // whole server again each time, seconds a file (tests/support/stop-leftovers.ts stops
          // what a file leaves running before the next one).
          isolate: false,
          setupFiles: ['tests/support/stop-leftovers.ts'],
          globalSetup: [
            'tests/support/pglite-template.ts',
            'tests/support/server-bundle.ts',
            'tests/integration/global-setup.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 2 },
          isolate: false,
          setupFiles: ['tests/support/stop-leftovers.ts'],
          globalSetup: [
            'tests/support/pglite-template.ts',
            'tests/support/server-bundle.ts',
            'tests/e2e/global-setup.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page on a busy machine may take seconds to show what a poll waits for; a poll that
          // never succeeds still fails, only later.
          expect: { poll: { timeout: 20_000 } },
          fileParallelism: false,
          // The request budget test watches pages side by side for a fixed window each, a wait
          // rather than work: ten at once instead of Vitest's five halve that test's run.
          maxConcurrency: 10,
        },
      },
    ],
  },
});
