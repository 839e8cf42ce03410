// What the operator decides reaches the user's socket as it commits: an approved withdrawal is sent
// on the private `withdrawals` channel together with the funding balance it spent on `balances`, a
// rejection with the balance it unfroze, a transfer with both accounts' balances, and an identity
// verification's approval on `kyc` as the verification page reads it. Another user's socket hears
// none of it.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';
import { SocketClient } from '../support/socket-client.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';
import { tradePassword, withdrawerWithFunds } from '../support/withdrawing-user.ts';

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, withoutWithdrawHolds);
}, 120_000);
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await server.stop();
});

const userWithFunds = (amount: string) => withdrawerWithFunds(server, amount);

async function socketOf(user: RegisteredUser, channels: string[]): Promise<SocketClient> {
  const socket = await SocketClient.connect(server.url);
  socket.send({ op: 'auth', token: user.token });
  socket.subscribe(channels);
  // Frames are handled in order and there is no acknowledgement of a subscription: the refusal of
  // a channel that does not exist, asked for after, tells that the subscription stands.
  socket.subscribe(['no-such-channel']);
  await socket.until(() => socket.errors().length > 0, 'the subscription');
  return socket;
}

async function requestWithdrawal(user: RegisteredUser): Promise<number> {
  const answer = await client().post<{ id: number }>(
    '/wallet/withdraw',
    {
      asset: 'USDT',
      chain: 'TRC20',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      amount: '50',
      trade_password: tradePassword,
      email_code: await storeWithdrawCode(server.db, user),
    },
    { token: user.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(answer.body.code).toBe(200);
  return answer.body.data.id;
}

type Frame = { data?: unknown };
const rowsOf = (frames: Frame[]) => frames.flatMap((frame) => (frame.data ?? []) as object[]);
const funding = (frames: Frame[]) =>
  rowsOf(frames).filter((row) => JSON.stringify(row).includes('"wallet":"funding"'));

describe('the withdrawals and balances frames', () => {
  it("sends an approval to the owner's socket alone, with the balance it spent", async () => {
    const owner = await userWithFunds('200');
    const stranger = await userWithFunds('1');
    const mine = await socketOf(owner, ['withdrawals', 'balances']);
    const theirs = await socketOf(stranger, ['withdrawals', 'balances']);
    const id = await requestWithdrawal(owner);
    // The request itself is told: pending, its amount and fee frozen.
    await mine.until(
      () => rowsOf(mine.on('withdrawals')).some((row) => JSON.stringify(row).includes('pending')),
      'the pending withdrawal',
    );
    const before = {
      withdrawals: mine.on('withdrawals').length,
      balances: mine.on('balances').length,
    };

    const approved = await callOperator(server, 'withdrawal', { action: 'approve', id });
    expect(approved.status).toBe(200);
    await mine.until(
      () => mine.on('withdrawals', 0).length > before.withdrawals,
      'the approved withdrawal',
    );
    const told = rowsOf(mine.on('withdrawals').slice(before.withdrawals)) as {
      id: number;
      status: string;
    }[];
    // The simulated chain takes an approved withdrawal at once: the frame tells where it now is.
    expect(told.at(-1)).toMatchObject({ id, asset: 'USDT', status: 'sent' });
    await mine.until(
      () => mine.on('balances').length > before.balances,
      'the balance the approval spent',
    );
    const balance = funding(mine.on('balances').slice(before.balances)).at(-1);
    // 200 deposited, 50 and its fee frozen on request, then spent: nothing frozen stays.
    expect(balance).toMatchObject({ wallet: 'funding', asset: 'USDT', frozen: '0' });

    expect(theirs.on('withdrawals')).toEqual([]);
    expect(mine.errors()).toHaveLength(1);
  });

  it('sends a rejection with its reason and the balance it unfroze', async () => {
    const owner = await userWithFunds('200');
    const mine = await socketOf(owner, ['withdrawals', 'balances']);
    const id = await requestWithdrawal(owner);
    await mine.until(() => mine.on('withdrawals').length > 0, 'the pending withdrawal');
    const from = mine.frames.length;
    await callOperator(server, 'withdrawal', { action: 'reject', id, reason: 'address unsafe' });
    await mine.until(
      () => mine.on('withdrawals', from).length > 0 && mine.on('balances', from).length > 0,
      'the rejection and its balance',
    );
    expect(rowsOf(mine.on('withdrawals', from))).toEqual([
      expect.objectContaining({ id, status: 'rejected', reason: 'address unsafe' }),
    ]);
    expect(funding(mine.on('balances', from)).at(-1)).toMatchObject({
      available: '200',
      frozen: '0',
    });
  });

  it("sends a transfer's two accounts", async () => {
    const owner = await userWithFunds('30');
    const mine = await socketOf(owner, ['balances']);
    const from = mine.frames.length;
    const moved = await client().post(
      '/wallet/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: '10' },
      { token: owner.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(moved.body.code).toBe(200);
    await mine.until(() => mine.on('balances', from).length > 0, 'the transfer');
    expect(rowsOf(mine.on('balances', from))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ wallet: 'funding', asset: 'USDT', available: '20' }),
        expect.objectContaining({ wallet: 'contract', asset: 'USDT', available: '10' }),
      ]),
    );
  });
});

const picture = (colour: string) =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function uploaded(user: RegisteredUser, colour: string): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await picture(colour))], { type: 'image/png' }),
    'id.png',
  );
  const response = await fetch(`${server.url}/api/index/upic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const body = (await response.json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(200);
  return body.data.url;
}

describe('the kyc frame', () => {
  it("sends the operator's approval to the owner's socket alone", async () => {
    const owner = await registerUser(client(), server.dataDir);
    const stranger = await registerUser(client(), server.dataDir);
    const submitted = await client().post(
      '/security/primaryAuth',
      {
        real_name: 'Ada Lovelace',
        id_number: '11010519491231002X',
        front_img: await uploaded(owner, '#112233'),
        back_img: await uploaded(owner, '#445566'),
      },
      { token: owner.token },
    );
    expect(submitted.body.code).toBe(200);
    const mine = await socketOf(owner, ['kyc']);
    const theirs = await socketOf(stranger, ['kyc']);
    const approved = await callOperator(server, 'kyc/review', {
      account: owner.account,
      action: 'approve',
    });
    expect(approved.status).toBe(200);
    await mine.until(() => mine.on('kyc').length > 0, 'the verification frame');
    expect(mine.on('kyc').at(-1)?.data).toMatchObject({
      status: 'verified',
      real_name: expect.not.stringContaining('Lovelace'),
      reject_reason: null,
    });
    expect(theirs.on('kyc')).toEqual([]);
    expect(mine.errors()).toHaveLength(1);
  });
});
