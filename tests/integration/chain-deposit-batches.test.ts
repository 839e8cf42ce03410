// A watcher's block of transfers recorded and credited together (server/wallet/chain-deposits.ts):
// each transfer once, its count following the reports, credited exactly once at its required
// confirmations with one balanced posting each, a report that changes nothing answered as no
// change, a transfer to no user's address ignored, and a dropped one confirming again when the new
// chain holds it. Runs on the embedded database and, when one answers, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import {
  type ChainTransaction,
  type DepositReport,
  observeDeposits,
} from '../../server/wallet/chain-deposits.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();
const alice = '0x00000000000000000000000000000000000000A1';
const bob = '0x00000000000000000000000000000000000000B0';
const stranger = '0x00000000000000000000000000000000000000C0';

const transfer = (
  n: number,
  address: string,
  confirmations: number,
  extra: Partial<ChainTransaction> = {},
): DepositReport => ({
  tx: {
    chain: 'ERC20',
    txid: `0x${n.toString(16).padStart(64, '0')}`,
    address,
    asset: 'USDT',
    amount: '10.5',
    confirmations,
    logIndex: 0,
    blockNumber: 100n + BigInt(n),
    blockHash: `0x${'b'.repeat(63)}${n}`,
    ...extra,
  },
  required: 3,
});

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('recording a block of deposits, on %s', (name, database) => {
  const skip = name === 'PostgreSQL' && !database;
  let opened: OpenedDatabase | undefined;
  const db = () => (opened as OpenedDatabase).db;
  const funding = async (userId: number) => {
    const row = await db()
      .selectFrom('ledger_accounts')
      .select('available')
      .where('user_id', '=', userId)
      .where('wallet', '=', 'funding')
      .where('asset', '=', 'USDT')
      .executeTakeFirst();
    return row ? Number(row.available) : 0;
  };

  beforeAll(async () => {
    if (skip) return;
    opened = await openDatabase({ databaseUrl: database?.url, pgliteDir: 'memory://' });
    for (const [id, address] of [
      [1, alice],
      [2, bob],
    ] as const) {
      await opened.db
        .insertInto('users')
        .values({
          id,
          account: `u${id}@example.com`,
          email: `u${id}@example.com`,
          phone: null,
          password_hash: 'x',
          trade_password_hash: null,
          invite_code: `BATCH${id}`,
          inviter_id: null,
          avatar: '',
        })
        .execute();
      // The family's own row (ETH) owns the address for its token too.
      await opened.db
        .insertInto('deposit_addresses')
        .values({ user_id: id, chain: 'ETH', address, derivation_index: id })
        .execute();
    }
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  it.skipIf(skip)(
    'records each transfer once and credits it once at its confirmations',
    async () => {
      const first = await observeDeposits(db(), [
        transfer(1, alice, 1),
        transfer(2, alice, 3),
        transfer(3, bob, 1),
        transfer(4, stranger, 5),
      ]);
      expect(first.changed.map((row) => row.txid).sort()).toEqual(
        [1, 2, 3].map((n) => `0x${n.toString(16).padStart(64, '0')}`),
      );
      expect(first.credited.map((row) => row.user_id)).toEqual([1]);
      expect(first.balances).toEqual([
        expect.objectContaining({
          userId: 1,
          wallet: 'funding',
          asset: 'USDT',
          available: 1_050_000_000n,
        }),
      ]);
      expect(await funding(1)).toBe(10.5);

      // The same counts again: nothing changed, nothing credited twice.
      const again = await observeDeposits(db(), [transfer(1, alice, 1), transfer(2, alice, 4)]);
      expect(again.changed).toEqual([]);
      expect(await funding(1)).toBe(10.5);

      // The head moved on: both confirming transfers reach their count in one report.
      const later = await observeDeposits(db(), [transfer(1, alice, 3), transfer(3, bob, 3)]);
      expect(later.credited.map((row) => row.user_id).sort()).toEqual([1, 2]);
      expect(await funding(1)).toBe(21);
      expect(await funding(2)).toBe(10.5);
      const postings = await db()
        .selectFrom('ledger_postings')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('kind', '=', 'deposit')
        .executeTakeFirstOrThrow();
      expect(Number(postings.count)).toBe(3);
    },
  );

  it.skipIf(skip)(
    'puts a dropped transfer back to confirming when the new chain holds it',
    async () => {
      await observeDeposits(db(), [transfer(5, bob, 1)]);
      await db()
        .updateTable('deposits')
        .set({ status: 'dropped', confirmations: 0 })
        .where('txid', '=', transfer(5, bob, 1).tx.txid)
        .execute();
      const back = await observeDeposits(db(), [
        transfer(5, bob, 1, { blockNumber: 200n, blockHash: `0x${'c'.repeat(64)}` }),
      ]);
      expect(back.changed).toEqual([
        expect.objectContaining({
          status: 'confirming',
          confirmations: 1,
          block_hash: `0x${'c'.repeat(64)}`,
        }),
      ]);
      expect(String(back.changed[0]?.block_number)).toBe('200');
    },
  );
});
