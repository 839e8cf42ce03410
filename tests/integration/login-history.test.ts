// The login history: every sign-in with its summarised device, refused tries of a known account,
// the last 90 days only, newest first and paged, each user seeing only their own. On the embedded
// database and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailedLogin } from '../../server/security/login-history.ts';
import { goodPassword, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();
afterAll(() => postgres?.drop());

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const day = 86_400_000;

interface LoginRow {
  at: string;
  ip: string;
  device: string;
  method: string;
  outcome: string;
  new_device: boolean;
}
interface Page {
  list: LoginRow[];
  total: number;
  page: number;
  size: number;
}

describe.each([
  { name: 'the embedded database', databaseUrl: undefined },
  { name: 'PostgreSQL', databaseUrl: postgres?.url },
])('login history on $name', ({ name, databaseUrl }) => {
  const unavailable = name === 'PostgreSQL' && databaseUrl === undefined;
  const clock = new ManualClock();
  let server: InProcessServer | undefined;
  beforeAll(async () => {
    if (!unavailable) server = await startInProcessServer(clock, {}, databaseUrl);
  }, 120_000);
  afterAll(() => server?.stop());

  const running = (): InProcessServer => {
    if (!server) throw new Error('the server did not start');
    return server;
  };
  const login = async (from: ApiClient, account: string, userAgent: string) => {
    const answer = await from.post<{ token: string }>(
      '/login/index',
      { account, password: goodPassword },
      { headers: { 'user-agent': userAgent } },
    );
    expectOk(answer);
    return answer.body.data.token;
  };
  const history = async (from: ApiClient, token: string, query: Record<string, string> = {}) => {
    const answer = await from.get<Page>('/security/logins', query, { token });
    expectOk(answer);
    return answer.body.data;
  };

  describe.skipIf(unavailable)('listing', () => {
    it('lists the registration and each login with its device, newest first', async () => {
      const home = new ApiClient(running().url);
      const user = await registerUser(home, running().dataDir);
      clock.advance(60_000);
      await login(home, user.account, android);
      clock.advance(60_000);
      const token = await login(home, user.account, android);
      const page = await history(home, token);
      expect(page.total).toBe(3);
      expect(page.list.map((row) => [row.method, row.outcome, row.device])).toEqual([
        ['password', 'ok', 'Chrome 131 on Android'],
        ['password', 'ok', 'Chrome 131 on Android'],
        ['register', 'ok', 'node'],
      ]);
      // The first login from a device is new; the second from it is not.
      expect(page.list.map((row) => row.new_device)).toEqual([false, true, true]);
      expect(page.list[0]?.ip).toBe(home.address);
      expect(Date.parse(page.list[0]?.at ?? '')).toBe(clock.now().getTime());
    });

    it('records refused tries of a known account', async () => {
      const home = new ApiClient(running().url);
      const user = await registerUser(home, running().dataDir);
      const context = { ip: '192.0.2.7', userAgent: firefox };
      await recordFailedLogin({ db: running().db, clock }, user.userId, context, 'password_wrong');
      clock.advance(1_000);
      await recordFailedLogin({ db: running().db, clock }, user.userId, context, 'locked');
      const page = await history(home, user.token);
      expect(page.list.slice(0, 2)).toMatchObject([
        { outcome: 'locked', device: 'Firefox 133 on Windows', ip: '192.0.2.7', new_device: true },
        { outcome: 'password_wrong', method: 'password' },
      ]);
    });

    it('pages, and keeps 90 days only', async () => {
      const home = new ApiClient(running().url);
      const user = await registerUser(home, running().dataDir);
      for (let i = 0; i < 4; i++) {
        clock.advance(day);
        await login(home, user.account, firefox);
      }
      const token = await login(home, user.account, firefox);
      const second = await history(home, token, { page: '2', size: '2' });
      expect({ total: second.total, page: second.page, size: second.size }).toEqual({
        total: 6,
        page: 2,
        size: 2,
      });
      expect(second.list).toHaveLength(2);
      const all = (await history(home, token, { size: '100' })).list.map((row) => row.at);
      expect(all).toEqual([...all].sort().reverse());
      // 87 days on, the registration and the first day's login are past 90 days.
      clock.advance(87 * day + 1);
      const later = await login(home, user.account, firefox);
      const kept = await history(home, later);
      expect(kept.total).toBe(5);
      expect(kept.list.every((row) => row.method === 'password')).toBe(true);
      // Pruned as the next one is written, not merely hidden.
      const rows = await running()
        .db.selectFrom('login_events')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows).toHaveLength(5);
    });

    it('refuses a bad page, and needs a session', async () => {
      const home = new ApiClient(running().url);
      const user = await registerUser(home, running().dataDir);
      expectError(
        await home.get('/security/logins', { page: '0' }, { token: user.token }),
        'field_invalid',
      );
      expectError(await home.get('/security/logins'), 'session_expired');
    });
  });
});
