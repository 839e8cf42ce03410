// Deposits through the simulated chain and withdrawals end to end over real HTTP: a deposit
// address per user and chain, credits once per transaction, withdrawals with the trade password
// and an email code frozen until the operator approves (money leaves) or rejects (unfrozen) or the user cancels;
// bad requests and other users' ids change nothing; the ledger check stays ok throughout.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';
import { tradePassword, withdrawerWithFunds } from '../support/withdrawing-user.ts';

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  // The holds are withdraw-confirmation.test.ts's subject; here addresses are usable at once.
  server = await startInProcessServer(systemClock, withoutWithdrawHolds);
}, 120_000);
afterAll(() => server.stop());

/** The fields of the operator API's answers these tests read. */
interface OpsData {
  outcome?: string;
  status?: string;
  reason?: string;
  ok?: boolean;
}

const ops = (path: string, body: Record<string, unknown>) =>
  callOperator<OpsData>(server, path, body);

const userWithFunds = (amount: string) => withdrawerWithFunds(server, amount);

const funding = async (token: string) => {
  const answer = await client().get<{
    balances: { wallet: string; asset: string; available: string; frozen: string }[];
  }>('/wallet/balances', {}, { token });
  const usdt = answer.body.data.balances.find((b) => b.wallet === 'funding' && b.asset === 'USDT');
  return { available: usdt?.available ?? '0', frozen: usdt?.frozen ?? '0' };
};

/** The request with a fresh email code for the user. */
const confirmed = async (user: RegisteredUser, body: Record<string, string>) => ({
  ...body,
  email_code: await storeWithdrawCode(server.db, user),
});

const withdraw = (token: string, body: Record<string, string>, key = randomUUID()) =>
  client().post<{ id: number; status: string; fee: string }>('/wallet/withdraw', body, {
    token,
    headers: { 'idempotency-key': key },
  });

const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const good = {
  asset: 'USDT',
  chain: 'TRC20',
  address: tronAddress,
  amount: '50',
  trade_password: tradePassword,
};

const ledgerOk = async () => expect((await ops('ledger/check', {})).body.data.ok).toBe(true);

describe('deposits', () => {
  it('gives each user one address per chain, and credits a transaction once', async () => {
    const user = await userWithFunds('10');
    const first = await client().get<{ address: string }>(
      '/wallet/depositAddress',
      { asset: 'USDT', chain: 'TRC20' },
      { token: user.token },
    );
    const again = await client().get<{ address: string }>(
      '/wallet/depositAddress',
      { asset: 'usdt', chain: 'trc20' },
      { token: user.token },
    );
    expect(first.body.data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(again.body.data.address).toBe(first.body.data.address);
    const other = await registerUser(client(), server.dataDir);
    const theirs = await client().get<{ address: string }>(
      '/wallet/depositAddress',
      { asset: 'USDT', chain: 'TRC20' },
      { token: other.token },
    );
    expect(theirs.body.data.address).not.toBe(first.body.data.address);
    const list = await client().get<{ list: { status: string; amount: string }[] }>(
      '/wallet/deposits',
      {},
      { token: user.token },
    );
    expect(list.body.data.list).toMatchObject([{ status: 'credited', amount: '10' }]);
    expect(await funding(user.token)).toEqual({ available: '10', frozen: '0' });
    await ledgerOk();
  });
});

describe('withdrawals', () => {
  it('freezes amount and fee, and the approved one leaves with the fee earned', async () => {
    const user = await userWithFunds('100');
    const answer = await withdraw(user.token, await confirmed(user, good));
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'pending', fee: '1' });
    expect(await funding(user.token)).toEqual({ available: '49', frozen: '51' });
    await ledgerOk();
    const approved = await ops('withdrawal', { action: 'approve', id: answer.body.data.id });
    expect(approved.body.data.status).toBe('sent');
    expect(await funding(user.token)).toEqual({ available: '49', frozen: '0' });
    const records = await client().get<{ list: { type: string; amount: string }[] }>(
      '/wallet/records',
      { type: 'withdrawal' },
      { token: user.token },
    );
    expect(records.body.data.list).toMatchObject([{ type: 'withdrawal', amount: '-51' }]);
    await ledgerOk();
  });

  it('unfreezes a rejected or cancelled withdrawal, and refuses to touch a finished one', async () => {
    const user = await userWithFunds('100');
    const first = (await withdraw(user.token, await confirmed(user, good))).body.data;
    const second = (await withdraw(user.token, await confirmed(user, { ...good, amount: '20' })))
      .body.data;
    expect(await funding(user.token)).toEqual({ available: '28', frozen: '72' });
    expect(
      (await ops('withdrawal', { action: 'reject', id: first.id, reason: 'address flagged' })).body
        .data,
    ).toMatchObject({ status: 'rejected', reason: 'address flagged' });
    const cancel = (id: number) =>
      client().post<{ status: string }>(
        '/wallet/withdrawCancel',
        { id: String(id) },
        { token: user.token, headers: { 'idempotency-key': randomUUID() } },
      );
    expect((await cancel(second.id)).body.data.status).toBe('cancelled');
    expect(await funding(user.token)).toEqual({ available: '100', frozen: '0' });
    expect((await cancel(first.id)).body.code).toBe(1110);
    expect((await ops('withdrawal', { action: 'approve', id: second.id })).status).toBe(409);
    await ledgerOk();
  });

  it("cannot cancel another user's withdrawal", async () => {
    const alice = await userWithFunds('100');
    const bob = await userWithFunds('1');
    const mine = (await withdraw(alice.token, await confirmed(alice, good))).body.data;
    const answer = await client().post(
      '/wallet/withdrawCancel',
      { id: String(mine.id) },
      { token: bob.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(answer.body.code).toBe(1109);
    const list = await client().get<{ list: unknown[] }>(
      '/wallet/withdrawals',
      {},
      { token: bob.token },
    );
    expect(list.body.data.list).toEqual([]);
    expect(await funding(alice.token)).toEqual({ available: '49', frozen: '51' });
  });

  it('refuses bad withdrawals with their reason and changes nothing', async () => {
    const user = await userWithFunds('30');
    // With the field each refusal is about, where there is one, for the form to show it there.
    const cases: [Record<string, string>, number, string?][] = [
      [{ ...good, amount: '5' }, 1102, 'amount'],
      [{ ...good, amount: '29.5' }, 1100, 'amount'],
      [{ ...good, amount: '10.123456789' }, 1101, 'amount'],
      [{ ...good, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9' }, 1105, 'address'],
      [{ ...good, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 1106, 'address'],
      [{ ...good, address: '' }, 1001, 'address'],
      [{ ...good, chain: 'BTC' }, 1104],
      [{ ...good, asset: 'DOGE' }, 1103],
      [{ ...good, trade_password: '000000' }, 1107, 'trade_password'],
    ];
    for (const [body, code, field] of cases) {
      const answer = await withdraw(user.token, await confirmed(user, body));
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
      expect((answer.body as { field?: string }).field, JSON.stringify(body)).toBe(field);
    }
    expect(await funding(user.token)).toEqual({ available: '30', frozen: '0' });
    const noPassword = await registerUser(client(), server.dataDir);
    expect((await withdraw(noPassword.token, await confirmed(noPassword, good))).body.code).toBe(
      1108,
    );
    await ledgerOk();
  });

  it('locks the trade password after five wrong ones from one address', async () => {
    const user = await userWithFunds('30');
    const sameAddress = client();
    const attempt = (trade_password: string) =>
      sameAddress.post(
        '/wallet/withdraw',
        { ...good, trade_password },
        {
          token: user.token,
          headers: { 'idempotency-key': randomUUID() },
        },
      );
    for (let i = 0; i < 4; i++) await attempt('111111');
    expect((await attempt('111111')).body.code).toBe(1107);
    expect((await attempt(tradePassword)).body.code).toBe(1117);
  });

  it('runs a retried withdrawal once', async () => {
    const user = await userWithFunds('100');
    const key = randomUUID();
    // The copies of one request carry its one code, which only the first run uses up.
    const body = await confirmed(user, good);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(user.token, body, key)),
    );
    const ids = new Set(answers.map((answer) => answer.body.data.id));
    expect(ids.size).toBe(1);
    expect(await funding(user.token)).toEqual({ available: '49', frozen: '51' });
  });
});

describe('the address book', () => {
  it('keeps checked addresses per user, and deletes only the caller’s own', async () => {
    const alice = await registerUser(client(), server.dataDir);
    const bob = await registerUser(client(), server.dataDir);
    const added = await client().post<{ id: number }>(
      '/wallet/addressAdd',
      {
        asset: 'USDT',
        chain: 'ERC20',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        remark: 'cold',
      },
      { token: alice.token },
    );
    expect(added.body.data).toMatchObject({
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      remark: 'cold',
    });
    const bad = await client().post(
      '/wallet/addressAdd',
      { asset: 'USDT', chain: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      { token: alice.token },
    );
    expect(bad.body.code).toBe(1105);
    const theirs = await client().post(
      '/wallet/addressDelete',
      { id: String(added.body.data.id) },
      { token: bob.token },
    );
    expect(theirs.body.code).toBe(1114);
    const list = await client().get<{ list: unknown[] }>(
      '/wallet/addresses',
      {},
      { token: alice.token },
    );
    expect(list.body.data.list).toHaveLength(1);
    expect(
      (
        await client().post(
          '/wallet/addressDelete',
          { id: String(added.body.data.id) },
          { token: alice.token },
        )
      ).body.code,
    ).toBe(200);
  });
});

describe('the operator API', () => {
  it('refuses a request without the token', async () => {
    const response = await fetch(`${server.url}/ops/ledger/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });
});

describe('switched-off chains', () => {
  let restricted: InProcessServer;
  beforeAll(async () => {
    const file = path.join(server.dataDir, 'assets.json');
    await writeFile(
      file,
      JSON.stringify([
        {
          asset: 'USDT',
          chains: [
            {
              chain: 'TRC20',
              deposit: false,
              withdraw: false,
              withdraw_fee: '1',
              min_withdraw: '10',
              confirmations: 20,
            },
          ],
        },
      ]),
    );
    restricted = await startInProcessServer(systemClock, { WALLET_ASSETS_FILE: file });
  }, 120_000);
  afterAll(() => restricted.stop());

  it('refuses deposits and withdrawals on a chain the operator switched off', async () => {
    const api = new ApiClient(restricted.url);
    const user = await registerUser(api, restricted.dataDir);
    const address = await api.get(
      '/wallet/depositAddress',
      { asset: 'USDT', chain: 'TRC20' },
      { token: user.token },
    );
    expect(address.body.code).toBe(1104);
    const answer = await api.post('/wallet/withdraw', good, {
      token: user.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.body.code).toBe(1104);
    const listed = await api.get<{ list: { chains: { deposit: boolean; withdraw: boolean }[] }[] }>(
      '/wallet/assets',
    );
    expect(listed.body.data.list[0]?.chains[0]).toMatchObject({ deposit: false, withdraw: false });
  });
});
