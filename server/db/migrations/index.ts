// The numbered migrations, one set for PGlite and PostgreSQL alike; add new ones at the end.
import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as candles from './0002-candles.ts';
import * as ledger from './0003-ledger.ts';
import * as wallet from './0004-wallet.ts';
import * as spot from './0005-spot.ts';

const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-candles': candles,
  '0003-ledger': ledger,
  '0004-wallet': wallet,
  '0005-spot': spot,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
