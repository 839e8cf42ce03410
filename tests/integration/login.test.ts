// Logging in (/login/index) by email or phone, the lock after repeated failures, and /login/logout.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sessionSchema } from '../../schemas/api/account.schema.ts';
import type { userInfoSchema } from '../../schemas/api/security.schema.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { loginGuardPolicy } from '../../server/accounts/login-guard.ts';
import {
  goodPassword,
  lastCodeFor,
  newEmail,
  newPhone,
  registerUser,
} from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, numberIn } from '../support/expectations.ts';
import { testServers } from '../support/test-server.ts';

type SessionData = z.output<typeof sessionSchema>;
type UserInfo = z.output<typeof userInfoSchema>;

const en = catalogues.en;
const dayMs = 86_400_000;

describe.each(testServers())('login and logout on $name', (server) => {
  const login = (account: string, password: string, client = new ApiClient(server.url)) =>
    client.post<SessionData>('/login/index', { account, password });

  const userInfo = (token: string) =>
    new ApiClient(server.url).get<UserInfo>('/security/index', {}, { token });

  async function registerPhoneUser(): Promise<string> {
    const client = new ApiClient(server.url);
    const phone = newPhone();
    expectOk(await client.get('/register/sendsms', { phone }));
    const code = await lastCodeFor(server.dataDir, phone);
    expectOk(
      await client.post('/register/index', {
        phone,
        password: goodPassword,
        repassword: goodPassword,
        code,
      }),
    );
    return phone;
  }

  describe('/login/index', () => {
    it('logs in by email and answers a working token that lives about thirty days', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      const answer = await login(user.account, user.password);
      expectOk(answer);
      expect(answer.body.msg).toBe(en.ok);
      const session = sessionSchema.parse(answer.body.data);
      expect(session).toMatchObject({ account: user.account, user_id: user.userId });
      expect(session.token).not.toBe(user.token);
      const lifetime = Date.parse(session.expires_at) - Date.now();
      expect(lifetime).toBeGreaterThan(29 * dayMs);
      expect(lifetime).toBeLessThanOrEqual(30 * dayMs);

      const info = await userInfo(session.token);
      expectOk(info);
      expect(info.body.data).toMatchObject({ user_id: user.userId, account: user.account });
    });

    it('takes the email in any letter case and with surrounding blanks', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      for (const account of [user.account.toUpperCase(), `  ${user.account} `]) {
        const answer = await login(account, user.password);
        expectOk(answer);
        expect(answer.body.data.account).toBe(user.account);
      }
    });

    it('logs in by phone', async () => {
      const phone = await registerPhoneUser();
      const answer = await login(phone, goodPassword);
      expectOk(answer);
      expect(answer.body.data.account).toBe(phone);
      expect((await userInfo(answer.body.data.token)).body.data.phone).toBe(phone);
    });

    it('gives each login its own session', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      const first = await login(user.account, user.password);
      const second = await login(user.account, user.password);
      expect(first.body.data.token).not.toBe(second.body.data.token);
      expectOk(await userInfo(first.body.data.token));
      expectOk(await userInfo(second.body.data.token));
    });

    it('refuses a wrong password and still takes the right one', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      for (const password of ['Wrong1234', user.password.toLowerCase(), `${user.password} `]) {
        expectError(await login(user.account, password), 'login_failed', en.errors.login_failed);
      }
      expectOk(await login(user.account, user.password));
    });

    it('answers an unknown account exactly like a wrong password', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      for (const lang of ['en', 'de']) {
        const client = new ApiClient(server.url);
        const wrongPassword = await client.post(
          '/login/index',
          {
            account: user.account,
            password: 'Wrong1234',
          },
          { lang },
        );
        const unknownAccount = await client.post(
          '/login/index',
          {
            account: newEmail(),
            password: 'Wrong1234',
          },
          { lang },
        );
        expectError(unknownAccount, 'login_failed');
        expect(unknownAccount).toEqual(wrongPassword);
      }
    });

    it('asks for a missing account or password', async () => {
      const client = new ApiClient(server.url);
      expectError(
        await client.post('/login/index', { password: goodPassword }),
        'field_required',
        'Account is required',
      );
      expectError(
        await client.post('/login/index', { account: '   ', password: goodPassword }),
        'field_required',
        'Account is required',
      );
      expectError(
        await client.post('/login/index', { account: newEmail(), password: '' }),
        'field_required',
        'Password is required',
      );
      expectError(
        await client.post('/login/index', { account: newEmail(), password: 'x'.repeat(129) }),
        'field_too_long',
        'Password is too long',
      );
    });

    it('locks an account at one address after five failures, even for the right password, and only that account', async () => {
      const client = new ApiClient(server.url);
      const victim = await registerUser(client, server.dataDir);
      const bystander = await registerUser(client, server.dataDir);
      const { max, windowMs } = loginGuardPolicy.perAccountAndAddress;
      for (let i = 0; i < max; i++) {
        expectError(await login(victim.account, 'Wrong1234', client), 'login_failed');
      }

      const locked = await login(victim.account, victim.password, client);
      expectError(locked, 'login_locked');
      const minutes = numberIn(locked.body.msg, en.errors.login_locked, 'minutes');
      expect(minutes).toBeGreaterThan(0);
      expect(minutes).toBeLessThanOrEqual(windowMs / 60_000);

      // Another spelling does not get round it (other addresses: tests/integration/lockouts.test.ts).
      expectError(
        await login(victim.account.toUpperCase(), victim.password, client),
        'login_locked',
      );
      const german = await client.post(
        '/login/index',
        { account: victim.account, password: victim.password },
        { lang: 'de' },
      );
      expectError(german, 'login_locked');
      numberIn(german.body.msg, catalogues.de.errors.login_locked, 'minutes');

      // Another account, even from the same address, logs in; live sessions go on working.
      expectOk(await login(bystander.account, bystander.password, client));
      expectOk(await userInfo(victim.token));
    });

    it('does not lock an account for fewer than five failures', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      for (let i = 1; i < loginGuardPolicy.perAccountAndAddress.max; i++) {
        expectError(await login(user.account, 'Wrong1234'), 'login_failed');
      }
      expectOk(await login(user.account, user.password));
    });
  });

  describe('/login/logout', () => {
    it('ends only the session it is called with', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      const other = await login(user.account, user.password);
      const client = new ApiClient(server.url);
      const answer = await client.post('/login/logout', {}, { token: user.token });
      expect(answer).toEqual({ status: 200, body: { code: 200, msg: en.ok, data: null } });

      expectError(await userInfo(user.token), 'session_expired', en.errors.session_expired);
      expectError(await client.post('/login/logout', {}, { token: user.token }), 'session_expired');
      expectOk(await userInfo(other.body.data.token));
      expectOk(await login(user.account, user.password));
    });

    it('asks to log in again without a live token', async () => {
      const client = new ApiClient(server.url);
      const cases: Record<string, string>[] = [
        {},
        { authorization: 'Bearer ' },
        { authorization: 'Bearer not-a-real-token' },
        { authorization: `Bearer ${'x'.repeat(300)}` },
        { authorization: 'Basic dXNlcjpwYXNz' },
      ];
      for (const headers of cases) {
        const answer = await client.post('/login/logout', {}, { headers });
        expectError(answer, 'session_expired', en.errors.session_expired);
      }
    });

    it('takes the token with any spelling of the Bearer scheme', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      const answer = await new ApiClient(server.url).post(
        '/login/logout',
        {},
        { headers: { authorization: `bearer ${user.token}` } },
      );
      expectOk(answer);
      expectError(await userInfo(user.token), 'session_expired');
    });
  });
});
