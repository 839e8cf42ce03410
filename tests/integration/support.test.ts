// Customer service over real HTTP and the socket: the configured channels, a user's conversation
// (their own only), the limits on what they write, and an operator's answer reaching that user's
// socket and nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';
import { SocketClient } from '../support/socket-client.ts';

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, {
    SUPPORT_CHANNELS: JSON.stringify([
      { type: 'email', label: 'Mail us', url: 'mailto:help@example.com' },
    ]),
    SUPPORT_HOURS: 'Mon–Fri 9:00–18:00 UTC',
  });
}, 120_000);
afterAll(async () => {
  for (const socket of SocketClient.open) socket.socket.close();
  await server.stop();
});

const ops = <T>(path: string, body: Record<string, unknown>) => callOperator<T>(server, path, body);

interface Message {
  id: number;
  from: 'user' | 'operator';
  text: string;
}

describe('customer service', () => {
  it('answers the built-in chat and the configured channels and hours', async () => {
    const answer = await client().get('/index/kefu');
    expect(answer.body.data).toEqual({
      channels: [
        { type: 'chat', label: 'Online support', url: '/pages/ks/index' },
        { type: 'email', label: 'Mail us', url: 'mailto:help@example.com' },
      ],
      hours: 'Mon–Fri 9:00–18:00 UTC',
    });
  });

  it("keeps each user's conversation to that user, the operator's answers included", async () => {
    const alice = await registerUser(client(), server.dataDir);
    const bob = await registerUser(client(), server.dataDir);
    const sent = await client().post<Message>(
      '/support/send',
      { message: '  My deposit is late  ' },
      { token: alice.token },
    );
    expect(sent.body.data).toMatchObject({ from: 'user', text: 'My deposit is late' });
    const reply = await ops('support/reply', { account: alice.account, text: 'Looking into it' });
    expect(reply.status).toBe(200);

    const mine = await client().get<{ list: Message[]; total: number }>(
      '/support/messages',
      {},
      { token: alice.token },
    );
    expect(mine.body.data.list.map((m) => [m.from, m.text])).toEqual([
      ['operator', 'Looking into it'],
      ['user', 'My deposit is late'],
    ]);
    const theirs = await client().get<{ list: Message[]; total: number }>(
      '/support/messages',
      {},
      { token: bob.token },
    );
    expect(theirs.body.data).toMatchObject({ list: [], total: 0 });

    const queue = await ops<{ account: string; awaiting_answer: boolean }[]>('support/list', {});
    expect(queue.body.data.find((row) => row.account === alice.account)?.awaiting_answer).toBe(
      false,
    );
    const shown = await ops<{ messages: Message[] }>('support/show', { account: alice.account });
    expect(shown.body.data.messages.map((m) => m.text)).toEqual([
      'My deposit is late',
      'Looking into it',
    ]);
    expect((await ops('support/reply', { account: 'nobody@example.com', text: 'x' })).status).toBe(
      409,
    );
  });

  it('refuses an empty, too long or unauthenticated message and stores nothing', async () => {
    const user = await registerUser(client(), server.dataDir);
    const empty = await client().post('/support/send', { message: '   ' }, { token: user.token });
    expect(empty.body).toMatchObject({ code: 1323, msg: 'Please write a message' });
    const long = await client().post(
      '/support/send',
      { message: 'x'.repeat(1001) },
      { token: user.token },
    );
    expect(long.body.code).toBe(1324);
    const anonymous = await client().post('/support/send', { message: 'hello' });
    expect(anonymous.body.code).toBe(999);
    const anonymousRead = await client().get('/support/messages');
    expect(anonymousRead.body.code).toBe(999);
    const stored = await client().get<{ total: number }>(
      '/support/messages',
      {},
      { token: user.token },
    );
    expect(stored.body.data.total).toBe(0);
  });

  it('limits how fast one user writes', async () => {
    const user = await registerUser(client(), server.dataDir);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await client().post(
        '/support/send',
        { message: `m${i}` },
        { token: user.token },
      );
      codes.push(answer.body.code);
    }
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(1325);
    const stored = await client().get<{ total: number }>(
      '/support/messages',
      {},
      { token: user.token },
    );
    expect(stored.body.data.total).toBe(10);
  });

  it("sends an operator's answer live on the user's private support channel only", async () => {
    const alice = await registerUser(client(), server.dataDir);
    const bob = await registerUser(client(), server.dataDir);
    const [mine, theirs] = await Promise.all([
      SocketClient.connect(server.url),
      SocketClient.connect(server.url),
    ]);
    mine.send({ op: 'auth', token: alice.token });
    theirs.send({ op: 'auth', token: bob.token });
    // The depth snapshot answers right away: once it is in, the `support` subscription before it is.
    mine.subscribe(['support', 'depth.BTCUSDT']);
    theirs.subscribe(['support', 'depth.BTCUSDT']);
    for (const socket of [mine, theirs]) {
      await socket.until((frames) => frames.some((f) => f.channel === 'depth.BTCUSDT'), 'book');
    }
    await ops('support/reply', { account: alice.account, text: 'Your deposit is credited' });
    await mine.until(() => mine.on('support').length > 0, 'the answer');
    expect(mine.on('support')[0]?.data).toEqual([
      expect.objectContaining({ from: 'operator', text: 'Your deposit is credited' }),
    ]);
    // Bob's own message is the next frame his socket gets on `support`: nothing of Alice's came before it.
    await client().post('/support/send', { message: 'Bob here' }, { token: bob.token });
    await theirs.until(() => theirs.on('support').length > 0, "bob's own message");
    expect(theirs.on('support').map((frame) => frame.data)).toEqual([
      [expect.objectContaining({ from: 'user', text: 'Bob here' })],
    ]);
  });
});
