// The security center's overview over HTTP: which protections are on and in what order, the level
// (up to 3 on: low; 4 or 5: medium; 6 or more: high) and the next one to turn on, the masked email,
// phone and anti-phishing code, and the withdrawal hold while it runs. Setting the anti-phishing
// code and turning whitelist mode on and off, each bad input refused with nothing changed. On the
// embedded database and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { protectionNames } from '../../schemas/api/account-security.schema.ts';
import { totpCodeAt } from '../../server/security/totp.ts';
import { lastCodeFor, newPhone, type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk, wrongCode } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';

const minute = 60_000;
const hour = 3_600_000;

interface Overview {
  protections: { name: string; on: boolean }[];
  level: 'low' | 'medium' | 'high';
  next: string | null;
  email: string | null;
  phone: string | null;
  anti_phishing_code: string | null;
  passkey_count: number;
  withdraw_whitelist: boolean;
  withdraw_hold_until: string | null;
  withdraw_hold_reason: string | null;
  address_hold_hours: number;
}

describe.each(await eachDatabase())('the security overview on %s', (...database) => {
  const clock = new ManualClock();
  const { skip, server } = serverOn(database, clock, { WITHDRAW_ADDRESS_HOLD_HOURS: '12' });
  const client = () => new ApiClient(server().url);

  const overview = async (user: RegisteredUser) => {
    const answer = await client().get<Overview>('/security/overview', {}, { token: user.token });
    expectOk(answer);
    return answer.body.data;
  };
  const on = (view: Overview) =>
    view.protections.filter((protection) => protection.on).map((protection) => protection.name);
  /** A fresh code sent to the account's email; the clock moves past the resend wait first. */
  async function emailCode(user: RegisteredUser): Promise<string> {
    clock.advance(minute);
    expectOk(await client().post('/security/sendCode', { type: 'email' }, { token: user.token }));
    return lastCodeFor(server().dataDir, user.account);
  }
  const setCode = (user: RegisteredUser, fields: Record<string, string>) =>
    client().post('/security/antiPhishing', fields, { token: user.token });
  /** A switch's value is a boolean, which only JSON carries (the app sends it so too). */
  const whitelist = (user: RegisteredUser, fields: Record<string, string | boolean>) =>
    client().post('/security/whitelist', fields as Record<string, string>, {
      token: user.token,
      as: 'json',
    });
  const userRow = (userId: number) =>
    server()
      .db.selectFrom('users')
      .select([
        'anti_phishing_code',
        'withdraw_whitelist',
        'withdraw_hold_until',
        'withdraw_hold_reason',
      ])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  describe.skipIf(skip)('levels', () => {
    it('starts low, with the email masked and the trade password next', async () => {
      const user = await registerUser(client(), server().dataDir);
      const view = await overview(user);
      expect(view.protections.map((protection) => protection.name)).toEqual([...protectionNames]);
      expect(on(view)).toEqual(['login_password', 'email']);
      expect(view).toMatchObject({
        level: 'low',
        next: 'trade_password',
        email: `${user.account.slice(0, 2)}***@example.com`,
        phone: null,
        anti_phishing_code: null,
        passkey_count: 0,
        withdraw_whitelist: false,
        withdraw_hold_until: null,
        withdraw_hold_reason: null,
        address_hold_hours: 12,
      });
    });

    it('rises to medium and high as protections are turned on', async () => {
      const user = await registerUser(client(), server().dataDir);
      const trade = { password: '246810', repassword: '246810', code: await emailCode(user) };
      expectOk(await client().post('/security/payPwd', trade, { token: user.token }));
      expect(await overview(user)).toMatchObject({ level: 'low', next: 'totp' });

      expectOk(
        await setCode(user, { anti_phishing_code: 'Kite42', email_code: await emailCode(user) }),
      );
      let view = await overview(user);
      expect(view).toMatchObject({ level: 'medium', next: 'totp', anti_phishing_code: 'Ki***' });

      const setup = await client().post<{ secret: string }>(
        '/security/totp/setup',
        {},
        { token: user.token },
      );
      const totp = { totp_code: totpCodeAt(setup.body.data.secret, clock.now()) };
      expectOk(await client().post('/security/totp/bind', totp, { token: user.token }));
      view = await overview(user);
      expect(view).toMatchObject({ level: 'medium', next: 'passkey' });

      expectOk(await whitelist(user, { enabled: true }));
      view = await overview(user);
      expect(on(view)).toEqual([
        'login_password',
        'email',
        'trade_password',
        'totp',
        'anti_phishing',
        'whitelist',
      ]);
      expect(view).toMatchObject({ level: 'high', next: 'passkey', withdraw_whitelist: true });
    });

    it('shows a phone masked, and a hold only while it runs', async () => {
      const user = await registerUser(client(), server().dataDir);
      const phone = newPhone();
      expectOk(await client().post('/security/phone/sendCode', { phone }, { token: user.token }));
      const code = await lastCodeFor(server().dataDir, phone);
      const bind = { phone, code, email_code: await emailCode(user) };
      expectOk(await client().post('/security/phone/bind', bind, { token: user.token }));
      const view = await overview(user);
      expect(view).toMatchObject({
        phone: `${phone.slice(0, 4)}***${phone.slice(-4)}`,
        withdraw_hold_until: new Date(clock.now().getTime() + 24 * hour).toISOString(),
        withdraw_hold_reason: 'phone',
      });
      clock.advance(24 * hour);
      expect(await overview(user)).toMatchObject({
        withdraw_hold_until: null,
        withdraw_hold_reason: null,
      });
    });
  });

  describe.skipIf(skip)('the anti-phishing code', () => {
    it('is set and changed with the email code; bad ones change nothing', async () => {
      const user = await registerUser(client(), server().dataDir);
      const code = await emailCode(user);
      for (const bad of ['abc', 'a'.repeat(21), 'has space', 'semi;colon', '']) {
        const answer = await setCode(user, { anti_phishing_code: bad, email_code: code });
        expect([1001, 1002, 1003]).toContain(answer.body.code);
      }
      expectError(await setCode(user, { anti_phishing_code: 'Kite42' }), 'field_required');
      expectError(
        await setCode(user, { anti_phishing_code: 'Kite42', email_code: wrongCode(code) }),
        'code_invalid',
      );
      expect((await userRow(user.userId)).anti_phishing_code).toBeNull();
      // Letters of any script.
      expectOk(await setCode(user, { anti_phishing_code: 'Łódź2024', email_code: code }));
      expect((await overview(user)).anti_phishing_code).toBe('Łó***');
      expectError(
        await setCode(user, { anti_phishing_code: 'Other1', email_code: code }),
        'code_invalid',
      );
      expectOk(
        await setCode(user, {
          anti_phishing_code: ' 龙年大吉 ',
          email_code: await emailCode(user),
        }),
      );
      expect((await userRow(user.userId)).anti_phishing_code).toBe('龙年大吉');
      // No hold: it adds to what protects the account.
      expect((await userRow(user.userId)).withdraw_hold_until).toBeNull();
    });
  });

  describe.skipIf(skip)('whitelist mode', () => {
    it('turns on at once, and off with the email code, holding withdrawals', async () => {
      const user = await registerUser(client(), server().dataDir);
      expectOk(await whitelist(user, { enabled: true }));
      expect((await userRow(user.userId)).withdraw_whitelist).toBe(true);
      expectError(await whitelist(user, { enabled: false }), 'withdraw_code_required');
      expectError(
        await whitelist(user, { enabled: false, email_code: '' }),
        'withdraw_code_required',
      );
      const code = await emailCode(user);
      expectError(
        await whitelist(user, { enabled: false, email_code: wrongCode(code) }),
        'code_invalid',
      );
      expectError(await whitelist(user, { enabled: 'maybe', email_code: code }), 'field_invalid');
      expect(await userRow(user.userId)).toMatchObject({
        withdraw_whitelist: true,
        withdraw_hold_until: null,
      });
      expectOk(await whitelist(user, { enabled: false, email_code: code }));
      expect(await userRow(user.userId)).toEqual({
        anti_phishing_code: null,
        withdraw_whitelist: false,
        withdraw_hold_until: new Date(clock.now().getTime() + 24 * hour),
        withdraw_hold_reason: 'whitelist',
      });
    });

    it('asks for the authenticator to turn off where one is bound', async () => {
      const user = await registerUser(client(), server().dataDir);
      const setup = await client().post<{ secret: string }>(
        '/security/totp/setup',
        {},
        { token: user.token },
      );
      const { secret } = setup.body.data;
      expectOk(
        await client().post(
          '/security/totp/bind',
          { totp_code: totpCodeAt(secret, clock.now()) },
          { token: user.token },
        ),
      );
      clock.advance(10 * 30_000);
      expectOk(await whitelist(user, { enabled: true }));
      const code = await emailCode(user);
      expectError(
        await whitelist(user, { enabled: false, email_code: code }),
        'two_factor_required',
      );
      expect((await userRow(user.userId)).withdraw_whitelist).toBe(true);
      const totp_code = totpCodeAt(secret, clock.now());
      expectOk(await whitelist(user, { enabled: false, email_code: code, totp_code }));
      expect((await userRow(user.userId)).withdraw_whitelist).toBe(false);
    });
  });
});
