// The notification centre on both databases: what the server already tells a user (a deposit
// credited, a withdrawal's review and its fate on chain, the verification's decision) is recorded
// for them, listed newest first with the unread count, pushed on the private `notifications`
// channel, and marked read one by one (idempotently) or all at once. Only the last 100 are kept,
// and another user's notification can be neither read nor marked.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { recordNotification } from '../../server/notifications/notification-store.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { callOperator } from '../support/operator-api.ts';
import { SocketClient } from '../support/socket-client.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';
import { tradePassword, withdrawerWithFunds } from '../support/withdrawing-user.ts';

interface Row {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  read_at: string | null;
}
interface Listed {
  list: Row[];
  unread: number;
}

afterAll(() => {
  for (const socket of SocketClient.open) socket.close();
});

describe.each(await eachDatabase())('the notification centre on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, withoutWithdrawHolds);
  const client = () => new ApiClient(server().url);

  const listOf = async (user: RegisteredUser): Promise<Listed> => {
    const answer = await client().get<Listed>('/notifications/list', {}, { token: user.token });
    expect(answer.body.code).toBe(200);
    return answer.body.data;
  };
  const kindsOf = async (user: RegisteredUser) => (await listOf(user)).list.map((row) => row.kind);
  const deposit = (user: RegisteredUser, amount: string) =>
    callOperator(server(), 'deposit', {
      account: user.account,
      asset: 'USDT',
      amount,
      chain: 'TRC20',
    });

  it.skipIf(skip)('records a credited deposit, lists it unread and pushes it', async () => {
    const user = await registerUser(client(), server().dataDir);
    const stranger = await registerUser(client(), server().dataDir);
    const socket = await SocketClient.connect(server().url);
    socket.send({ op: 'auth', token: user.token });
    socket.subscribe(['notifications']);
    socket.subscribe(['no-such-channel']);
    await socket.until(() => socket.errors().length > 0, 'the subscription');

    expect(await listOf(user)).toEqual({ list: [], unread: 0 });
    await deposit(user, '250');
    await expect.poll(() => kindsOf(user), { timeout: 30_000 }).toEqual(['deposit_credited']);
    const listed = await listOf(user);
    expect(listed.unread).toBe(1);
    expect(listed.list[0]).toMatchObject({
      kind: 'deposit_credited',
      params: { asset: 'USDT', amount: expect.stringMatching(/^250(\.0+)?$/) },
      read_at: null,
    });
    await socket.until(() => socket.on('notifications').length > 0, 'the notification frame');
    expect(socket.on('notifications').at(-1)?.data).toMatchObject({
      list: [{ id: listed.list[0]?.id, kind: 'deposit_credited' }],
      unread: 1,
    });
    expect(await listOf(stranger)).toEqual({ list: [], unread: 0 });
  });

  it.skipIf(skip)("records a withdrawal's sending and a rejection", async () => {
    const user = await withdrawerWithFunds(server(), '300');
    const request = async () => {
      const answer = await client().post<{ id: number }>(
        '/wallet/withdraw',
        {
          asset: 'USDT',
          chain: 'TRC20',
          address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
          amount: '50',
          trade_password: tradePassword,
          email_code: await storeWithdrawCode(server().db, user),
        },
        { token: user.token, headers: { 'idempotency-key': randomUUID() } },
      );
      expect(answer.body.code).toBe(200);
      return answer.body.data.id;
    };
    const approved = await request();
    await callOperator(server(), 'withdrawal', { action: 'approve', id: approved });
    const rejected = await request();
    await callOperator(server(), 'withdrawal', {
      action: 'reject',
      id: rejected,
      reason: 'address unsafe',
    });
    await expect
      .poll(() => kindsOf(user), { timeout: 30_000 })
      // The simulated chain takes an approved withdrawal at once: its frame already says sent,
      // and that is what the user is told.
      .toEqual(['withdrawal_rejected', 'withdrawal_sent', 'deposit_credited']);
    const { list } = await listOf(user);
    expect(list[0]?.params).toEqual({ id: rejected, asset: 'USDT', amount: expect.any(String) });
    // The operator's words stay on the withdrawal's page: a notification carries figures only.
    expect(JSON.stringify(list)).not.toContain('address unsafe');
  });

  it.skipIf(skip)("records the verification's decision", async () => {
    const user = await registerUser(client(), server().dataDir);
    const upload = async (colour: string) => {
      const image = await sharp({
        create: { width: 64, height: 40, channels: 3, background: colour },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'id.png');
      const response = await fetch(`${server().url}/api/index/upic`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      return ((await response.json()) as { data: { url: string } }).data.url;
    };
    const submitted = await client().post(
      '/security/primaryAuth',
      {
        real_name: 'Ada Lovelace',
        id_number: '11010519491231002X',
        front_img: await upload('#112233'),
        back_img: await upload('#445566'),
      },
      { token: user.token },
    );
    expect(submitted.body.code).toBe(200);
    await callOperator(server(), 'kyc/review', { account: user.account, action: 'approve' });
    await expect.poll(() => kindsOf(user), { timeout: 30_000 }).toEqual(['verification_approved']);
  });

  it.skipIf(skip)('keeps the last 100 of a user, and no fewer of another', async () => {
    const user = await registerUser(client(), server().dataDir);
    const other = await registerUser(client(), server().dataDir);
    await deposit(other, '5');
    await expect.poll(() => kindsOf(other), { timeout: 30_000 }).toHaveLength(1);
    const event = (id: number) =>
      ({ kind: 'deposit_credited', params: { id, asset: 'USDT', amount: `${id}` } }) as const;
    for (let id = 1; id <= 105; id++) {
      await recordNotification(server().db, user.userId, `test:${id}`, event(id), new Date());
    }
    // Heard again (another node, a frame sent twice): still one row.
    expect(
      await recordNotification(server().db, user.userId, 'test:105', event(105), new Date()),
    ).toBeNull();
    const { list, unread } = await listOf(user);
    expect(list).toHaveLength(100);
    expect(unread).toBe(100);
    expect(list[0]?.params.id).toBe(105);
    expect(list.at(-1)?.params.id).toBe(6);
    const stored = await server()
      .db.selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(100);
    expect(await kindsOf(other)).toHaveLength(1);
  });

  it.skipIf(skip)(
    "marks one read, again without harm, all at once, and refuses another user's",
    async () => {
      const user = await registerUser(client(), server().dataDir);
      const stranger = await registerUser(client(), server().dataDir);
      await deposit(user, '10');
      await deposit(user, '20');
      await expect.poll(() => kindsOf(user), { timeout: 30_000 }).toHaveLength(2);
      const [newest, oldest] = (await listOf(user)).list;
      if (!newest || !oldest) throw new Error('two notifications were listed');

      const read = (token: string, id: number) =>
        client().post<{ unread: number }>('/notifications/read', { id: String(id) }, { token });
      const refused = await read(stranger.token, newest.id);
      expect(refused.body.code).toBe(1800);
      expect((await listOf(user)).unread).toBe(2);

      const first = await read(user.token, newest.id);
      expect(first.body).toMatchObject({ code: 200, data: { unread: 1 } });
      const readAt = (await listOf(user)).list[0]?.read_at;
      expect(readAt).not.toBeNull();
      const again = await read(user.token, newest.id);
      expect(again.body).toMatchObject({ code: 200, data: { unread: 1 } });
      // Read once stays read from the first time.
      expect((await listOf(user)).list[0]?.read_at).toBe(readAt);
      expect((await read(user.token, 999_999_999)).body.code).toBe(1800);

      const all = await client().post<{ unread: number }>(
        '/notifications/read-all',
        {},
        { token: user.token },
      );
      expect(all.body).toMatchObject({ code: 200, data: { unread: 0 } });
      const after = await listOf(user);
      expect(after.unread).toBe(0);
      expect(after.list.every((row) => row.read_at !== null)).toBe(true);
      expect(after.list[0]?.read_at).toBe(readAt);
    },
  );
});
