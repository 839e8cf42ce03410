// Withdrawals sent by the hot wallet on a real Ethereum chain (a local anvil node): approved
// withdrawals become the hot wallet's transactions, each at its own nonce, shown to their users
// with their transaction and confirmations until `sent`; a transaction stuck under a risen base fee
// is replaced and confirms once; a reverted token transfer returns the amount and fee once; a
// restart with transactions pending loses none and reuses no nonce; a withdrawal the hot wallet
// cannot cover waits, the operator told once, and goes when funds arrive. Blocks are mined on
// purpose, so every count is exact; waits poll, with a bound. Runs on the embedded database and,
// when one answers, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Address, type Hex, parseEther } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress } from '../../server/chain/evm/key-addresses.ts';
import { systemClock } from '../../server/clock.ts';
import { resolveWalletXpubs } from '../../server/wallet/addresses/derive.ts';
import { lastCodeFor, type RegisteredUser, registerUser } from '../support/accounts.ts';
import { type Anvil, readTestUsdtArtifact, startAnvil, until } from '../support/anvil.ts';
import { ApiClient } from '../support/api-client.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ReopenedServer, startReopenedServer } from '../support/reopened-server.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const postgres = await createTestDatabase();
const { abi: usdtAbi } = readTestUsdtArtifact();
const required = 3;
const tradePassword = '246810';
const hotWallet = hotWalletAddress(resolveWalletXpubs({}).ethereum.xpub);
/** Somewhere to send to: fresh addresses no one holds a key of. */
const newAddress = () =>
  privateKeyToAddress(`0x${randomUUID().replaceAll('-', '').padEnd(64, '1')}`);

interface Withdrawal {
  id: number;
  status: string;
  txid: string | null;
  confirmations: number;
  reason: string | null;
}

let anvil: Anvil;
let token: Address;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestUsdt();
  const paid = await anvil.walletClient.sendTransaction({ to: hotWallet, value: parseEther('50') });
  await anvil.publicClient.waitForTransactionReceipt({ hash: paid });
  await mintUsdt(hotWallet, 1_000_000_000n);
}, 120_000);
afterAll(() => anvil?.stop());

async function mintUsdt(to: Address, units: bigint) {
  const hash = await anvil.walletClient.writeContract({
    address: token,
    abi: usdtAbi,
    functionName: 'mint',
    args: [to, units],
  });
  await anvil.publicClient.waitForTransactionReceipt({ hash });
}

const usdtOf = (address: Address) =>
  anvil.publicClient.readContract({
    address: token,
    abi: usdtAbi,
    functionName: 'balanceOf',
    args: [address],
  }) as Promise<bigint>;

/** Mines a block each poll until `check` holds. */
const mineUntil = (what: string, check: () => Promise<boolean>) =>
  until(
    what,
    async () => {
      if (await check()) return true;
      await anvil.mine(1);
      return false;
    },
    { timeoutMs: 90_000, intervalMs: 150 },
  );

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('withdrawals sent on an Ethereum chain, on %s', (name, database) => {
  const skip = name === 'PostgreSQL' && !database;
  let server: ReopenedServer;
  beforeAll(async () => {
    if (skip) return;
    server = await startReopenedServer(
      systemClock,
      {
        CHAIN_EVM_RPC_URL: anvil.url,
        CHAIN_EVM_CHAIN_ID: String(anvil.chainId),
        CHAIN_EVM_USDT_ADDRESS: token,
        CHAIN_EVM_CONFIRMATIONS_ETH: String(required),
        CHAIN_EVM_CONFIRMATIONS_USDT: String(required),
        CHAIN_EVM_POLL_MS: '100',
        CHAIN_EVM_REPLACE_AFTER_MS: '4000',
        // Nothing to sweep here: only the hot wallet's sends are counted.
        CHAIN_EVM_SWEEP_MIN_ETH: '1000000',
        CHAIN_EVM_SWEEP_MIN_USDT: '1000000000',
        LIQUIDITY_PROVIDER: 'false',
        ...withoutWithdrawHolds,
      },
      database?.url,
    );
  }, 120_000);
  afterAll(async () => {
    await anvil.setAutomine(true);
    await server?.stop();
    await database?.drop();
  });

  const api = () => new ApiClient(server.url);
  const ops = <T>(path: string, body: object) => callOperator<T>(server, path, body);

  async function fundedUser(asset: string, chain: string, amount: string) {
    const user = await registerUser(api(), server.dataDir);
    await api().post('/security/sendCode', { type: 'email' }, { token: user.token });
    const code = await lastCodeFor(server.dataDir, user.account);
    const set = await api().post(
      '/security/payPwd',
      { password: tradePassword, repassword: tradePassword, code },
      { token: user.token },
    );
    expect(set.body.code).toBe(200);
    const deposit = await ops<{ outcome: string }>('deposit', {
      account: user.account,
      asset,
      amount,
      chain,
    });
    expect(deposit.body.data.outcome).toBe('credited');
    return user;
  }

  async function withdraw(user: RegisteredUser, body: Record<string, string>): Promise<number> {
    const answer = await api().post<{ id: number }>(
      '/wallet/withdraw',
      {
        ...body,
        trade_password: tradePassword,
        email_code: await storeWithdrawCode(server.db, user),
      },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    return answer.body.data.id;
  }

  async function approve(id: number) {
    const answer = await ops<{ status: string }>('withdrawal', { action: 'approve', id });
    expect(answer.body.data.status).toBe('approved');
  }

  async function withdrawalsOf(user: RegisteredUser): Promise<Map<number, Withdrawal>> {
    const answer = await api().get<{ list: Withdrawal[] }>(
      '/wallet/withdrawals',
      { page: '1', size: '50' },
      { token: user.token },
    );
    expect(answer.body.code).toBe(200);
    return new Map(answer.body.data.list.map((w) => [w.id, w]));
  }

  async function funding(user: RegisteredUser, asset: string) {
    const answer = await api().get<{
      balances: { wallet: string; asset: string; available: string; frozen: string }[];
    }>('/wallet/balances', {}, { token: user.token });
    const row = answer.body.data.balances.find((b) => b.wallet === 'funding' && b.asset === asset);
    return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
  }

  const sendOf = (withdrawalId: number) =>
    server.db
      .selectFrom('chain_sends')
      .selectAll()
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirstOrThrow();

  const ledgerOk = async () =>
    expect((await ops<{ ok: boolean }>('ledger/check', {})).body.data.ok).toBe(true);

  it.skipIf(skip)(
    'sends 20 withdrawals approved at once at 20 nonces, shows them confirming, then sent',
    async () => {
      const user = await fundedUser('ETH', 'ETH', '5');
      const to = newAddress();
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        ids.push(await withdraw(user, { asset: 'ETH', chain: 'ETH', address: to, amount: '0.01' }));
      }
      await anvil.setAutomine(false);
      await Promise.all(ids.map(approve));
      await until(
        'every withdrawal broadcast',
        async () => [...(await withdrawalsOf(user)).values()].every((w) => w.txid !== null),
        { timeoutMs: 60_000 },
      );
      const status = await ops<{
        signer: string;
        hot_wallet: { address: string };
        pending_sends: { nonce: string | null; status: string; attempts: number }[];
      }>('chain/status', {});
      expect(status.body.data.signer).toBe('file');
      expect(status.body.data.hot_wallet.address).toBe(hotWallet);
      expect(status.body.data.pending_sends).toHaveLength(20);
      // One block takes them all: a nonce used twice would leave one of them out.
      await anvil.mine(1);
      await until('every withdrawal at one confirmation', async () =>
        [...(await withdrawalsOf(user)).values()].every(
          (w) => w.status === 'approved' && w.confirmations === 1 && w.txid !== null,
        ),
      );
      const sends = await Promise.all(ids.map(sendOf));
      expect(new Set(sends.map((send) => send.nonce)).size).toBe(20);
      await anvil.setAutomine(true);
      await mineUntil('every withdrawal sent', async () =>
        [...(await withdrawalsOf(user)).values()].every((w) => w.status === 'sent'),
      );
      const done = await withdrawalsOf(user);
      for (const send of await Promise.all(ids.map(sendOf))) {
        expect(send.status).toBe('confirmed');
        expect(BigInt(send.fee_paid ?? '0')).toBeGreaterThan(0n);
        const shown = done.get(send.withdrawal_id as number);
        expect(shown?.txid).toBe(send.tx_hash);
        // Blocks are mined while the test polls: it is sent at the required count or past it.
        expect(shown?.confirmations).toBeGreaterThanOrEqual(required);
      }
      expect(await anvil.publicClient.getBalance({ address: to })).toBe(parseEther('0.2'));
      expect(await funding(user, 'ETH')).toEqual({ available: '4.76', frozen: '0' });
      await ledgerOk();
    },
    300_000,
  );

  it.skipIf(skip)(
    'replaces a transaction stuck under a risen base fee; the withdrawal is sent once',
    async () => {
      const user = await fundedUser('ETH', 'ETH', '1');
      const to = newAddress();
      const id = await withdraw(user, { asset: 'ETH', chain: 'ETH', address: to, amount: '0.1' });
      await anvil.setAutomine(false);
      await approve(id);
      let first: Hex | undefined;
      await until('the withdrawal broadcast', async () => {
        first = ((await withdrawalsOf(user)).get(id)?.txid ?? undefined) as Hex | undefined;
        return first !== undefined;
      });
      const stuck = await anvil.publicClient.getTransaction({ hash: first as Hex });
      await anvil.setNextBaseFee((stuck.maxFeePerGas ?? 0n) + 1n);
      await until(
        'a replacement',
        async () => (await withdrawalsOf(user)).get(id)?.txid !== first,
        { timeoutMs: 60_000 },
      );
      await anvil.mine(1);
      await anvil.setAutomine(true);
      await mineUntil(
        'the withdrawal sent',
        async () => (await withdrawalsOf(user)).get(id)?.status === 'sent',
      );
      const send = await sendOf(id);
      expect(send.attempts).toBeGreaterThanOrEqual(2);
      expect(send.tx_hash).not.toBe(first);
      expect((await withdrawalsOf(user)).get(id)?.txid).toBe(send.tx_hash);
      await expect(
        anvil.publicClient.getTransactionReceipt({ hash: first as Hex }),
      ).rejects.toThrow();
      expect(await anvil.publicClient.getBalance({ address: to })).toBe(parseEther('0.1'));
      expect(await funding(user, 'ETH')).toEqual({ available: '0.898', frozen: '0' });
      await ledgerOk();
    },
    300_000,
  );

  it.skipIf(skip)(
    'returns the amount and fee once when the token transfer reverts on chain',
    async () => {
      const user = await fundedUser('USDT', 'ERC20', '100');
      const blocked = newAddress();
      const hash = await anvil.walletClient.writeContract({
        address: token,
        abi: usdtAbi,
        functionName: 'setBlocked',
        args: [blocked, true],
      });
      await anvil.publicClient.waitForTransactionReceipt({ hash });
      const id = await withdraw(user, {
        asset: 'USDT',
        chain: 'ERC20',
        address: blocked,
        amount: '30',
      });
      expect(await funding(user, 'USDT')).toEqual({ available: '66', frozen: '34' });
      await approve(id);
      await mineUntil(
        'the withdrawal failed',
        async () => (await withdrawalsOf(user)).get(id)?.status === 'failed',
      );
      expect((await withdrawalsOf(user)).get(id)?.reason).toBe('the transaction failed on chain');
      await anvil.mine(required + 2);
      // Rounds go on: nothing is returned twice.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await funding(user, 'USDT')).toEqual({ available: '100', frozen: '0' });
      const send = await sendOf(id);
      expect(send).toMatchObject({ status: 'failed' });
      expect(BigInt(send.fee_paid ?? '0')).toBeGreaterThan(0n);
      expect(await usdtOf(blocked)).toBe(0n);
      const postings = await sql<{ n: string }>`select count(*) as n from ledger_postings
        where reference = ${`withdrawal:${id}:failed`}`.execute(server.db);
      expect(Number(postings.rows[0]?.n)).toBe(1);
      await ledgerOk();
    },
    300_000,
  );

  it.skipIf(skip)(
    'loses no transaction and reuses no nonce across a restart with sends pending',
    async () => {
      const user = await fundedUser('ETH', 'ETH', '1');
      const to = newAddress();
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push(await withdraw(user, { asset: 'ETH', chain: 'ETH', address: to, amount: '0.01' }));
      }
      const later = await withdraw(user, {
        asset: 'ETH',
        chain: 'ETH',
        address: to,
        amount: '0.02',
      });
      await anvil.setAutomine(false);
      await Promise.all(ids.map(approve));
      await until(
        'the three broadcast',
        async () =>
          [...(await withdrawalsOf(user)).values()].filter((w) => w.txid !== null).length === 3,
      );
      // Down, and the node forgets them: only the stored transactions can bring them back.
      const hashes = (await Promise.all(ids.map(sendOf))).map((send) => send.tx_hash as Hex);
      await server.restart();
      for (const hash of hashes) await anvil.testClient.dropTransaction({ hash });
      await approve(later);
      await until(
        'the later one broadcast',
        async () => (await withdrawalsOf(user)).get(later)?.txid != null,
      );
      await anvil.setAutomine(true);
      await mineUntil('all four sent', async () =>
        [...(await withdrawalsOf(user)).values()].every((w) => w.status === 'sent'),
      );
      const sends = await Promise.all([...ids, later].map(sendOf));
      expect(new Set(sends.map((send) => send.nonce)).size).toBe(4);
      expect(sends.map((send) => send.status)).toEqual([
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
      ]);
      expect(await anvil.publicClient.getBalance({ address: to })).toBe(parseEther('0.05'));
      expect(await funding(user, 'ETH')).toEqual({ available: '0.942', frozen: '0' });
      await ledgerOk();
    },
    300_000,
  );

  it.skipIf(skip)(
    'keeps a withdrawal the hot wallet cannot cover waiting, tells the operator once, sends it once funded',
    async () => {
      const held = await usdtOf(hotWallet);
      const short = held / 1_000_000n + 50n;
      const user = await fundedUser('USDT', 'ERC20', String(short + 100n));
      const to = newAddress();
      const id = await withdraw(user, {
        asset: 'USDT',
        chain: 'ERC20',
        address: to,
        amount: String(short),
      });
      await approve(id);
      const send = await sendOf(id);
      const open = () =>
        server.db
          .selectFrom('chain_incidents')
          .selectAll()
          .where('kind', '=', 'hot_wallet_short')
          .where(sql<string>`details->>'key'`, '=', String(send.id))
          .execute();
      await until('the operator told', async () => (await open()).length === 1);
      await anvil.mine(3);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await open()).toHaveLength(1);
      expect((await sendOf(id)).status).toBe('queued');
      expect((await withdrawalsOf(user)).get(id)).toMatchObject({ status: 'approved', txid: null });
      await mintUsdt(hotWallet, 1_000_000_000n);
      await mineUntil(
        'the withdrawal sent',
        async () => (await withdrawalsOf(user)).get(id)?.status === 'sent',
      );
      expect(await usdtOf(to)).toBe(short * 1_000_000n);
      const [incident] = await open();
      expect(incident?.resolved_at).not.toBeNull();
      await ledgerOk();
    },
    300_000,
  );
});
