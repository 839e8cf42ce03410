// Devices and sessions: the security center lists the user's live sessions with their devices,
// and ending one ends it at once, for HTTP and on its open socket (the session_expired frame comes
// before any heartbeat could have found it); ending all others answers how many; another user's
// session or an ended one is not found, and nothing changes. On the embedded database and on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import { goodPassword, type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { SocketClient } from '../support/socket-client.ts';

const postgres = await createTestDatabase();
afterAll(() => postgres?.drop());
afterAll(() => {
  for (const socket of SocketClient.open) socket.close();
});

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SessionRow {
  id: string;
  device: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

describe.each([
  { name: 'the embedded database', databaseUrl: undefined },
  { name: 'PostgreSQL', databaseUrl: postgres?.url },
])('sessions on $name', ({ name, databaseUrl }) => {
  const unavailable = name === 'PostgreSQL' && databaseUrl === undefined;
  const clock = new ManualClock();
  const idleMinutes = 30;
  let server: InProcessServer | undefined;
  beforeAll(async () => {
    if (!unavailable)
      server = await startInProcessServer(
        clock,
        { SESSION_IDLE_MINUTES: String(idleMinutes) },
        databaseUrl,
      );
  }, 120_000);
  afterAll(() => server?.stop());

  const running = (): InProcessServer => {
    if (!server) throw new Error('the server did not start');
    return server;
  };
  const client = () => new ApiClient(running().url);
  const loginFrom = async (from: ApiClient, user: RegisteredUser, userAgent: string) => {
    const answer = await from.post<{ token: string }>(
      '/login/index',
      { account: user.account, password: goodPassword },
      { headers: { 'user-agent': userAgent } },
    );
    expectOk(answer);
    return answer.body.data.token;
  };
  const list = async (token: string) => {
    const answer = await client().get<SessionRow[]>('/security/sessions', {}, { token });
    expectOk(answer);
    return answer.body.data;
  };
  const alive = async (token: string) =>
    (await client().get('/security/index', {}, { token })).body.code === 200;

  describe.skipIf(unavailable)('listing and ending', () => {
    it('lists live sessions, the current one first, each with its device and address', async () => {
      const user = await registerUser(client(), running().dataDir);
      const phone = client();
      clock.advance(120_000);
      const phoneToken = await loginFrom(phone, user, android);
      const rows = await list(user.token);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ current: true, device: 'node' });
      expect(rows[1]).toMatchObject({
        current: false,
        device: 'Chrome 131 on Android',
        ip: phone.address,
        created_at: clock.now().toISOString(),
      });
      expect(rows[1]?.id).toMatch(/^\d+$/);
      // Seen from the phone, the phone's is current.
      expect((await list(phoneToken))[0]).toMatchObject({ current: true, id: rows[1]?.id });
    });

    it('ends one session at once, for HTTP and on its open socket', async () => {
      const user = await registerUser(client(), running().dataDir);
      const phoneToken = await loginFrom(client(), user, android);
      const socket = await SocketClient.connect(running().url);
      socket.send({ op: 'auth', token: phoneToken });
      // The book answers at once: once it is in, the private subscription before it is too.
      socket.subscribe(['orders', 'depth.BTCUSDT']);
      await socket.until((frames) => frames.some((f) => f.channel === 'depth.BTCUSDT'), 'book');
      expect(socket.errors()).toEqual([]);

      const phoneRow = (await list(user.token)).find((row) => !row.current);
      const from = socket.frames.length;
      expectOk(
        await client().post(
          '/security/sessions/revoke',
          { id: phoneRow?.id ?? '' },
          { token: user.token },
        ),
      );
      expect(await alive(phoneToken)).toBe(false);
      await socket.until(
        () => socket.errors(from).some((frame) => frame.code === errorCodes.session_expired),
        'the session_expired frame',
      );
      // Not found by a heartbeat's check: none came between the revocation and the frame.
      expect(socket.frames.slice(from).filter((frame) => frame.op === 'pong')).toEqual([]);
      expect(await alive(user.token)).toBe(true);
      expect((await list(user.token)).map((row) => row.id)).not.toContain(phoneRow?.id);

      // Ended, it is not found again.
      expectError(
        await client().post(
          '/security/sessions/revoke',
          { id: phoneRow?.id ?? '' },
          { token: user.token },
        ),
        'session_not_found',
      );
    });

    /** A socket signed in with `token` and holding a private channel. */
    async function privateSocket(token: string): Promise<SocketClient> {
      const socket = await SocketClient.connect(running().url);
      socket.send({ op: 'auth', token });
      socket.subscribe(['balances', 'depth.BTCUSDT']);
      await socket.until((frames) => frames.some((f) => f.channel === 'depth.BTCUSDT'), 'book');
      return socket;
    }
    /** The frame comes, and not from a heartbeat's check: no pong came before it. */
    async function expectEndedAtOnce(socket: SocketClient, from: number): Promise<void> {
      await socket.until(
        () => socket.errors(from).some((frame) => frame.code === errorCodes.session_expired),
        'the session_expired frame',
      );
      expect(socket.frames.slice(from).filter((frame) => frame.op === 'pong')).toEqual([]);
    }

    it('ends the socket of a session that logs out, or that a password change ends', async () => {
      const user = await registerUser(client(), running().dataDir);
      const phoneToken = await loginFrom(client(), user, android);
      const tabletToken = await loginFrom(client(), user, iphone);
      const phone = await privateSocket(phoneToken);
      const tablet = await privateSocket(tabletToken);
      const mine = await privateSocket(user.token);

      let from = phone.frames.length;
      expectOk(await client().post('/login/logout', {}, { token: phoneToken }));
      await expectEndedAtOnce(phone, from);

      from = tablet.frames.length;
      const kept = mine.frames.length;
      const change = {
        old_password: goodPassword,
        password: 'Changed789',
        repassword: 'Changed789',
      };
      expectOk(await client().post('/security/password', change, { token: user.token }));
      await expectEndedAtOnce(tablet, from);
      // The session that made the change keeps its socket.
      expect(mine.errors(kept)).toEqual([]);
      expect(await alive(user.token)).toBe(true);
    });

    it("refuses another user's session, and changes nothing", async () => {
      const alice = await registerUser(client(), running().dataDir);
      const bob = await registerUser(client(), running().dataDir);
      const bobRow = (await list(bob.token))[0];
      expectError(
        await client().post(
          '/security/sessions/revoke',
          { id: bobRow?.id ?? '' },
          { token: alice.token },
        ),
        'session_not_found',
      );
      expect(await alive(bob.token)).toBe(true);
      for (const id of ['0', 'abc', '-1', '99999999999999999999999']) {
        const answer = await client().post(
          '/security/sessions/revoke',
          { id },
          { token: alice.token },
        );
        expect(answer.body.code).toBe(errorCodes.field_invalid);
      }
      expectError(
        await client().post('/security/sessions/revoke', {}, { token: alice.token }),
        'field_required',
      );
      expect(await alive(alice.token)).toBe(true);
    });

    it('ends every other session and answers how many', async () => {
      const user = await registerUser(client(), running().dataDir);
      const phoneToken = await loginFrom(client(), user, android);
      const iphoneToken = await loginFrom(client(), user, iphone);
      const answer = await client().post<{ count: number }>(
        '/security/sessions/revokeOthers',
        {},
        { token: user.token },
      );
      expectOk(answer);
      expect(answer.body.data).toEqual({ count: 2 });
      expect(await alive(phoneToken)).toBe(false);
      expect(await alive(iphoneToken)).toBe(false);
      expect(await alive(user.token)).toBe(true);
      expect((await list(user.token)).map((row) => row.current)).toEqual([true]);
      const again = await client().post(
        '/security/sessions/revokeOthers',
        {},
        { token: user.token },
      );
      expect(again.body.data).toEqual({ count: 0 });
    });

    it('lists no session that has been idle past the limit', async () => {
      const user = await registerUser(client(), running().dataDir);
      const phoneToken = await loginFrom(client(), user, android);
      // The phone goes quiet; the first session keeps being used.
      const idleMs = idleMinutes * 60_000;
      clock.advance(idleMs - 60_000);
      expect(await alive(user.token)).toBe(true);
      clock.advance(120_000);
      const rows = await list(user.token);
      expect(rows).toHaveLength(1);
      expect(await alive(phoneToken)).toBe(false);
    });
  });
});
