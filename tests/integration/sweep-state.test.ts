// The sweeper's decisions and what it reads them from, on a database of its own and a stand-in for
// the node's balances: nothing is queued below the minimums or while a send of the address is
// open; a token balance on an address without ether gets a gas top-up of just the shortfall first;
// ether is swept less its gas; a confirmed sweep marks exactly the deposits seen before it was
// queued, once, and a failed one marks none. Runs on the embedded database and, when one answers,
// on PostgreSQL.
import type { FastifyBaseLogger } from 'fastify';
import { type Address, type PublicClient, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress, keyAddress } from '../../server/chain/evm/key-addresses.ts';
import { enqueueSend } from '../../server/chain/evm/send-queue.ts';
import { hasOpenSend, markSwept, unsweptAddresses } from '../../server/chain/evm/sweep-state.ts';
import { EvmSweeper, etherSweepGas, tokenSweepGas } from '../../server/chain/evm/sweeper.ts';
import { loadConfig } from '../../server/config.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { transact } from '../../server/db/transact.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();
const config = loadConfig({
  CHAIN_EVM_RPC_URL: 'http://127.0.0.1:1',
  CHAIN_EVM_USDT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
});
const settings = config.chain.evm as NonNullable<typeof config.chain.evm>;
const xpub = config.walletXpubs.ethereum.xpub;
const hot = hotWalletAddress(xpub);
const address = keyAddress(xpub, { role: 'deposit', index: 0 });
const maxFeePerGas = 3_000_000_000n;
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/** The node as the sweeper reads it: balances set by the test, a fixed fee estimate. */
function fakeNode(balances: { ETH: bigint; USDT: bigint }): PublicClient {
  return {
    getBalance: async () => balances.ETH,
    readContract: async () => balances.USDT,
    estimateFeesPerGas: async () => ({ maxFeePerGas, maxPriorityFeePerGas: 1n }),
  } as unknown as PublicClient;
}

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('sweeping decisions, on %s', (name, database) => {
  const skip = name === 'PostgreSQL' && !database;
  let opened: OpenedDatabase | undefined;
  const db = () => (opened as OpenedDatabase).db;
  beforeAll(async () => {
    if (skip) return;
    opened = await openDatabase({ databaseUrl: database?.url, pgliteDir: 'memory://' });
    await opened.db
      .insertInto('users')
      .values({
        id: 1,
        account: 'sweep@example.com',
        email: 'sweep@example.com',
        phone: null,
        password_hash: 'x',
        trade_password_hash: null,
        invite_code: 'SWEEP1',
        inviter_id: null,
        avatar: '',
      })
      .execute();
    await opened.db
      .insertInto('deposit_addresses')
      .values({ user_id: 1, chain: 'ETH', address, derivation_index: 0 })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  let txCount = 0;
  const deposit = (asset: 'ETH' | 'USDT', amount: string, createdAt: Date, status = 'credited') =>
    db()
      .insertInto('deposits')
      .values({
        user_id: 1,
        asset,
        chain: asset === 'ETH' ? 'ETH' : 'ERC20',
        txid: `0x${(++txCount).toString(16).padStart(64, '0')}`,
        address,
        amount,
        confirmations: 12,
        required_confirmations: 12,
        status: status as 'credited',
        credited_at: status === 'credited' ? createdAt : null,
        created_at: createdAt,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const endSends = (status: 'confirmed' | 'failed') =>
    db()
      .updateTable('chain_sends')
      .set({ status })
      .where('status', 'in', ['queued', 'sent'])
      .execute();
  const sweeper = (balances: { ETH: bigint; USDT: bigint }) =>
    new EvmSweeper({
      db: db(),
      client: fakeNode(balances),
      settings,
      accountXpub: xpub,
      log: silent,
    });
  const minute = 60_000;

  it.skipIf(skip)('waits below the minimum, and for a deposit still confirming', async () => {
    await deposit('USDT', '300', new Date(Date.now() - 2 * minute), 'confirming');
    expect(await unsweptAddresses(db())).toEqual([]);
    const small = await deposit('USDT', '5', new Date(Date.now() - minute));
    expect(await unsweptAddresses(db())).toEqual([
      { address, index: 0, assets: new Set(['USDT']) },
    ]);
    const steps = await sweeper({ ETH: 0n, USDT: 5_000_000n }).round();
    expect(steps.get(address)).toEqual({ kind: 'wait' });
    expect(await transact(db(), (trx) => hasOpenSend(trx, address))).toBe(false);
    expect(small.id).toBeGreaterThan(0);
  });

  it.skipIf(skip)('tops up just the gas shortfall, then waits while it is open', async () => {
    const have = 100_000_000_000_000n;
    const steps = await sweeper({ ETH: have, USDT: 250_000_000n }).round();
    expect(steps.get(address)).toEqual({
      kind: 'gas',
      sendId: expect.any(Number),
      value: tokenSweepGas * maxFeePerGas * 2n - have,
    });
    const gas = await db().selectFrom('chain_sends').selectAll().executeTakeFirstOrThrow();
    expect(gas).toMatchObject({
      purpose: 'gas',
      signing_key: 'hot',
      from_address: hot,
      to_address: address,
      asset: 'ETH',
      status: 'queued',
    });
    // Open: nothing more for the address, whatever its balances say now.
    expect((await sweeper({ ETH: 0n, USDT: 250_000_000n }).round()).get(address)).toEqual({
      kind: 'wait',
    });
    expect(await db().selectFrom('chain_sends').select('id').execute()).toHaveLength(1);
  });

  it.skipIf(skip)('sweeps the whole token balance once the gas is there', async () => {
    await endSends('confirmed');
    const steps = await sweeper({
      ETH: tokenSweepGas * maxFeePerGas,
      USDT: 255_000_000n,
    }).round();
    expect(steps.get(address)).toEqual({
      kind: 'sweep',
      sendId: expect.any(Number),
      asset: 'USDT',
      value: 255_000_000n,
    });
    const sweep = await db()
      .selectFrom('chain_sends')
      .selectAll()
      .where('purpose', '=', 'sweep')
      .executeTakeFirstOrThrow();
    expect(sweep).toMatchObject({
      signing_key: 'deposit:0',
      from_address: address,
      to_address: hot,
      asset: 'USDT',
      value: '255000000',
    });
  });

  it.skipIf(skip)(
    'marks the deposits seen before a confirmed sweep, once; a failed one marks none',
    async () => {
      // Seen after the sweep was queued: not in what it moved.
      const later = await deposit('USDT', '20', new Date(Date.now() + 10 * minute));
      const ether = await deposit('ETH', '0.5', new Date(Date.now() - minute));
      await endSends('failed');
      expect(await markSwept(db(), [address])).toEqual([]);
      await db()
        .updateTable('chain_sends')
        .set({ status: 'confirmed' })
        .where('purpose', '=', 'sweep')
        .execute();
      const sweepId = (
        await db()
          .selectFrom('chain_sends')
          .select('id')
          .where('purpose', '=', 'sweep')
          .executeTakeFirstOrThrow()
      ).id;
      expect(await markSwept(db(), [address])).toEqual([
        { sweep: sweepId, address, asset: 'USDT', deposits: 2 },
      ]);
      expect(await markSwept(db(), [address])).toEqual([]);
      const rows = await db()
        .selectFrom('deposits')
        .select(['id', 'asset', 'amount', 'status', 'sweep_id'])
        .orderBy('id')
        .execute();
      const sweptOf = (id: number) => rows.find((row) => row.id === id)?.sweep_id;
      // The confirming deposit and the small one were seen before it: their tokens moved with it.
      expect(rows.filter((row) => row.sweep_id === sweepId)).toHaveLength(2);
      expect(sweptOf(later.id)).toBeNull();
      expect(sweptOf(ether.id)).toBeNull();
    },
  );

  it.skipIf(skip)('sweeps ether less its gas, and not below the minimum', async () => {
    // The token deposit seen after the sweep is unswept, but the address holds none of it now;
    // ether at 0.005 is below its minimum too.
    const below = await sweeper({ ETH: parseEther('0.005'), USDT: 0n }).round();
    expect(below.get(address)).toEqual({ kind: 'wait' });
    const steps = await sweeper({ ETH: parseEther('0.5'), USDT: 0n }).round();
    expect(steps.get(address)).toEqual({
      kind: 'sweep',
      sendId: expect.any(Number),
      asset: 'ETH',
      value: parseEther('0.5') - etherSweepGas * maxFeePerGas * 2n,
    });
    await endSends('confirmed');
    const marked = await markSwept(db(), [address]);
    expect(marked.map((m) => [m.asset, m.deposits])).toEqual([['ETH', 1]]);
  });

  it.skipIf(skip)('counts any send from or to the address as open', async () => {
    await transact(db(), (trx) =>
      enqueueSend(trx, {
        purpose: 'withdrawal',
        key: { role: 'hot' },
        from: hot,
        to: address as Address,
        asset: 'USDT',
        value: 1n,
      }),
    );
    expect(await transact(db(), (trx) => hasOpenSend(trx, address))).toBe(true);
    await endSends('confirmed');
    expect(await transact(db(), (trx) => hasOpenSend(trx, address))).toBe(false);
  });
});
