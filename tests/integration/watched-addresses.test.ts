// The Ethereum watcher's deposit addresses are kept in memory and only new rows are read before
// each batch: an address assigned after the watcher started is still watched from the next batch
// on, for ETH and the ERC-20 token alike, and so is one written out of the usual index order.
// Runs on the embedded database and, when one answers, on PostgreSQL.
import { getAddress, type Hex, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedAddresses } from '../../server/chain/evm/watched-addresses.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { depositAddressFor } from '../../server/wallet/deposit-addresses.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();

/** A made-up address per index: the watcher only compares them. */
const derive = (_chain: string, index: number) =>
  getAddress(`0x${keccak256(toHex(`watched-${index}`)).slice(26)}` as Hex);

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('watched deposit addresses, on %s', (name, database) => {
  const skip = name === 'PostgreSQL' && !database;
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    if (skip) return;
    opened = await openDatabase({ databaseUrl: database?.url, pgliteDir: 'memory://' });
    await opened.db
      .insertInto('users')
      .values(
        [1, 2, 3, 4].map((id) => ({
          id,
          account: `watched${id}@example.com`,
          email: `watched${id}@example.com`,
          phone: null,
          password_hash: 'x',
          trade_password_hash: null,
          invite_code: `WATCHED${id}`,
          inviter_id: null,
          avatar: '',
        })),
      )
      .execute();
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  it.skipIf(skip)('sees an address assigned after the first read on the next read', async () => {
    const db = (opened as OpenedDatabase).db;
    const first = await depositAddressFor(db, derive, 1, 'ETH');
    const before = await watchedAddresses(db, 'ETH');
    expect([...before.values()]).toEqual([first]);

    const second = await depositAddressFor(db, derive, 2, 'ERC20');
    const [eth, erc20] = await Promise.all([
      watchedAddresses(db, 'ETH'),
      watchedAddresses(db, 'ERC20'),
    ]);
    for (const seen of [eth, erc20]) {
      expect(seen.get(second.toLowerCase())).toBe(second);
      expect(seen.get(first.toLowerCase())).toBe(first);
      expect(seen.size).toBe(2);
    }
    // Another family's addresses are not the Ethereum watcher's.
    expect((await watchedAddresses(db, 'TRC20')).size).toBe(0);
  });

  it.skipIf(skip)('sees a row written below the highest index read', async () => {
    const db = (opened as OpenedDatabase).db;
    await depositAddressFor(db, derive, 3, 'ETH');
    const highest = (await watchedAddresses(db, 'ETH')).size;
    // An ERC20 row of the time before a family shared one address, with an index already taken
    // under ETH: only the count of rows tells it apart.
    const imported = derive('ERC20', 1000);
    await db
      .insertInto('deposit_addresses')
      .values({ user_id: 4, chain: 'ERC20', address: imported, derivation_index: 0 })
      .execute();
    const seen = await watchedAddresses(db, 'ERC20');
    expect(seen.get(imported.toLowerCase())).toBe(imported);
    expect(seen.size).toBe(highest + 1);
  });
});
