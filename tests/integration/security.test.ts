// The logged-in user's settings: /security/index, /security/sendCode, /security/password, /security/payPwd.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { sessionSchema } from '../../schemas/api/account.schema.ts';
import { userInfoSchema } from '../../schemas/api/security.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { codePolicy } from '../../server/accounts/codes.ts';
import { loginGuardPolicy } from '../../server/accounts/login-guard.ts';
import {
  goodPassword,
  lastCodeFor,
  newPhone,
  type RegisteredUser,
  readOutbox,
  registerUser,
} from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, wrongCode } from '../support/expectations.ts';
import { useInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { testServers } from '../support/test-server.ts';

type SessionData = z.output<typeof sessionSchema>;
type UserInfo = z.output<typeof userInfoSchema>;

const en = catalogues.en;
const newPassword = 'Changed789';
const thirdPassword = 'Another456';
const dayMs = 86_400_000;

function newSecret(password: string, proof: Record<string, string> = {}): Record<string, string> {
  return { ...proof, password, repassword: password };
}

const protectedCalls: [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/security/index'],
  ['POST', '/security/sendCode'],
  ['POST', '/security/password'],
  ['POST', '/security/payPwd'],
  ['POST', '/login/logout'],
];

describe.each(testServers())('account security on $name', (server) => {
  const login = (account: string, password: string) =>
    new ApiClient(server.url).post<SessionData>('/login/index', { account, password });

  const userInfo = (token: string) =>
    new ApiClient(server.url).get<UserInfo>('/security/index', {}, { token });

  const isLive = async (token: string) => (await userInfo(token)).body.code === 200;

  const changePassword = (token: string, body: Record<string, string>) =>
    new ApiClient(server.url).post('/security/password', body, { token });

  const setTradePassword = (token: string, body: Record<string, string>) =>
    new ApiClient(server.url).post('/security/payPwd', body, { token });

  const outboxFor = async (to: string) =>
    (await readOutbox(server.dataDir)).filter((entry) => entry.to === to);

  async function newUser(): Promise<RegisteredUser> {
    return registerUser(new ApiClient(server.url), server.dataDir);
  }

  async function securityCode(user: RegisteredUser): Promise<string> {
    const answer = await new ApiClient(server.url).post(
      '/security/sendCode',
      { type: 'email' },
      { token: user.token },
    );
    expectOk(answer);
    return lastCodeFor(server.dataDir, user.account);
  }

  async function newPhoneUser(): Promise<{ phone: string; token: string }> {
    const client = new ApiClient(server.url);
    const phone = newPhone();
    expectOk(await client.get('/register/sendsms', { phone }));
    const answer = await client.post<SessionData>('/register/index', {
      ...newSecret(goodPassword),
      phone,
      code: await lastCodeFor(server.dataDir, phone),
    });
    expectOk(answer);
    return { phone, token: answer.body.data.token };
  }

  /** Whether the trade password is the given one, asked by changing it to itself. */
  async function tradePasswordIs(token: string, tradePassword: string): Promise<boolean> {
    const answer = await setTradePassword(
      token,
      newSecret(tradePassword, { old_password: tradePassword }),
    );
    expect([200, errorCodes.old_password_wrong]).toContain(answer.body.code);
    return answer.body.code === 200;
  }

  async function withTradePasswordFor(user: RegisteredUser, tradePassword: string) {
    const code = await securityCode(user);
    expectOk(await setTradePassword(user.token, newSecret(tradePassword, { code })));
  }

  async function withTradePassword(tradePassword: string): Promise<RegisteredUser> {
    const user = await newUser();
    await withTradePasswordFor(user, tradePassword);
    return user;
  }

  describe('/security/index', () => {
    it('answers who the logged-in user is', async () => {
      const user = await newUser();
      const answer = await userInfo(user.token);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(200);
      expect(answer.body.msg).toBe(en.ok);
      const info = userInfoSchema.parse(answer.body.data);
      expect(info).toEqual({
        user_id: user.userId,
        account: user.account,
        email: user.account,
        phone: null,
        avatar: expect.any(String),
        auth_status: 'unverified',
        email_bound: true,
        trade_password_set: false,
        invite_code: expect.stringMatching(/^[A-Z0-9]{4,16}$/),
        created_at: expect.any(String),
      });
      const createdAt = Date.parse(info.created_at);
      expect(createdAt).toBeLessThanOrEqual(Date.now() + 60_000);
      expect(createdAt).toBeGreaterThan(Date.now() - dayMs);
    });

    it('answers the same user for every session of it, and a different invite code per user', async () => {
      const user = await newUser();
      const other = await newUser();
      const second = await login(user.account, user.password);
      const viaRegistration = await userInfo(user.token);
      const viaLogin = await userInfo(second.body.data.token);
      expect(viaLogin.body).toEqual(viaRegistration.body);
      const ofOther = await userInfo(other.token);
      expect(ofOther.body.data.user_id).toBe(other.userId);
      expect(ofOther.body.data.invite_code).not.toBe(viaRegistration.body.data.invite_code);
    });

    it('answers a phone user with no email bound', async () => {
      const { phone, token } = await newPhoneUser();
      const info = await userInfo(token);
      expect(info.body.data).toMatchObject({
        account: phone,
        phone,
        email: null,
        email_bound: false,
        trade_password_set: false,
      });
    });
  });

  describe('/security/sendCode', () => {
    it("sends a code to the user's own email", async () => {
      const user = await newUser();
      const before = (await outboxFor(user.account)).length;
      const answer = await new ApiClient(server.url).post(
        '/security/sendCode',
        { type: 'email' },
        { token: user.token },
      );
      expect(answer).toEqual({
        status: 200,
        body: {
          code: 200,
          msg: en.ok,
          data: { expires_in: codePolicy.ttlMs / 1000, resend_in: codePolicy.resendMs / 1000 },
        },
      });
      const sent = await outboxFor(user.account);
      expect(sent).toHaveLength(before + 1);
      expect(sent.at(-1)?.code).toMatch(/^\d{6}$/);
    });

    it('sends to the email when no type is given, in the language of the request', async () => {
      const user = await newUser();
      const answer = await new ApiClient(server.url).post(
        '/security/sendCode',
        {},
        { token: user.token, lang: 'de' },
      );
      expectOk(answer);
      expect(answer.body.msg).toBe(catalogues.de.ok);
      expect((await outboxFor(user.account)).at(-1)?.text).toMatch(/Bestätigungscode/);
    });

    it('refuses a second code within a minute', async () => {
      const user = await newUser();
      await securityCode(user);
      const count = (await outboxFor(user.account)).length;
      const again = await new ApiClient(server.url).post(
        '/security/sendCode',
        { type: 'email' },
        { token: user.token },
      );
      expectError(again, 'code_too_frequent');
      expect(await outboxFor(user.account)).toHaveLength(count);
    });

    it('refuses to send by SMS to a user with no phone', async () => {
      const user = await newUser();
      const count = (await outboxFor(user.account)).length;
      const answer = await new ApiClient(server.url).post(
        '/security/sendCode',
        { type: 'phone' },
        { token: user.token },
      );
      expectError(answer, 'destination_not_bound', en.errors.destination_not_bound);
      expect(await outboxFor(user.account)).toHaveLength(count);
      // The refusal did not count as a sent code.
      await securityCode(user);
    });

    it('sends by SMS to a phone user, and refuses email to them', async () => {
      const { phone, token } = await newPhoneUser();
      const client = new ApiClient(server.url);
      expectError(
        await client.post('/security/sendCode', { type: 'email' }, { token }),
        'destination_not_bound',
      );
      expectOk(await client.post('/security/sendCode', { type: 'phone' }, { token }));
      const code = await lastCodeFor(server.dataDir, phone);
      expectOk(await changePassword(token, newSecret(newPassword, { code })));
      expectOk(await login(phone, newPassword));
    });

    it('refuses an unknown type', async () => {
      const user = await newUser();
      const answer = await new ApiClient(server.url).post(
        '/security/sendCode',
        { type: 'pigeon' },
        { token: user.token },
      );
      expectError(answer, 'field_invalid', 'Type is invalid');
    });
  });

  describe('/security/password', () => {
    it('changes the password with the current one, keeping this session and ending the others', async () => {
      const user = await newUser();
      const other = await login(user.account, user.password);
      expectOk(other);

      const answer = await changePassword(
        user.token,
        newSecret(newPassword, { old_password: user.password }),
      );
      expect(answer).toEqual({ status: 200, body: { code: 200, msg: en.ok, data: null } });

      expect(await isLive(user.token)).toBe(true);
      expectError(await userInfo(other.body.data.token), 'session_expired');
      expectError(await login(user.account, user.password), 'login_failed');
      expectOk(await login(user.account, newPassword));
    });

    it('changes the password with a code instead, and takes the code once', async () => {
      const user = await newUser();
      const other = await login(user.account, user.password);
      const code = await securityCode(user);

      expectOk(await changePassword(user.token, newSecret(newPassword, { code })));
      expect(await isLive(user.token)).toBe(true);
      expect(await isLive(other.body.data.token)).toBe(false);
      expectOk(await login(user.account, newPassword));

      expectError(
        await changePassword(user.token, newSecret(thirdPassword, { code })),
        'code_invalid',
      );
      expectOk(await login(user.account, newPassword));
    });

    it('asks for proof when given neither the current password nor a code', async () => {
      const user = await newUser();
      const other = await login(user.account, user.password);
      expectError(
        await changePassword(user.token, newSecret(newPassword)),
        'proof_required',
        en.errors.proof_required,
      );
      expectOk(await login(user.account, user.password));
      expect(await isLive(other.body.data.token)).toBe(true);
    });

    // Regression: an empty form value of an optional proof field was refused as "required".
    it('takes empty proof fields of a form as absent: both empty asks for proof', async () => {
      const user = await newUser();
      expectError(
        await changePassword(user.token, newSecret(newPassword, { old_password: '', code: '' })),
        'proof_required',
        en.errors.proof_required,
      );
    });

    // Regression: a form that sends the unused proof field empty must still use the other.
    it('takes empty proof fields of a form as absent: a code with an empty current password', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      expectOk(
        await changePassword(user.token, newSecret(newPassword, { old_password: '', code })),
      );
      expectOk(await login(user.account, newPassword));
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const user = await newUser();
      const other = await login(user.account, user.password);
      expectError(
        await changePassword(user.token, newSecret(newPassword, { old_password: 'Wrong1234' })),
        'old_password_wrong',
        en.errors.old_password_wrong,
      );
      expect(await isLive(user.token)).toBe(true);
      expect(await isLive(other.body.data.token)).toBe(true);
      expectOk(await login(user.account, user.password));
      expectError(await login(user.account, newPassword), 'login_failed');
    });

    it('counts wrong current passwords towards the login lock', async () => {
      const user = await newUser();
      const client = new ApiClient(server.url);
      const change = (body: Record<string, string>) =>
        client.post('/security/password', body, { token: user.token });
      for (let i = 0; i < loginGuardPolicy.perAccountAndAddress.max; i++) {
        expectError(
          await change(newSecret(newPassword, { old_password: 'Wrong1234' })),
          'old_password_wrong',
        );
      }
      const relogin = { account: user.account, password: user.password };
      expectError(await client.post('/login/index', relogin), 'login_locked');
      const refused = await change(newSecret(newPassword, { old_password: user.password }));
      expectError(refused, 'login_locked');
      expect(await isLive(user.token)).toBe(true);
    });

    it('refuses a wrong code, changes nothing, and still takes the right one', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      expectError(
        await changePassword(user.token, newSecret(newPassword, { code: wrongCode(code) })),
        'code_invalid',
        en.errors.code_invalid,
      );
      expectOk(await login(user.account, user.password));
      expectOk(await changePassword(user.token, newSecret(newPassword, { code })));
      expectOk(await login(user.account, newPassword));
    });

    it('kills the code after five wrong tries, even for the right code', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      for (let i = 1; i < codePolicy.maxAttempts; i++) {
        expectError(
          await changePassword(user.token, newSecret(newPassword, { code: wrongCode(code) })),
          'code_invalid',
        );
      }
      expectError(
        await changePassword(user.token, newSecret(newPassword, { code: wrongCode(code) })),
        'code_attempts_exceeded',
      );
      expectError(
        await changePassword(user.token, newSecret(newPassword, { code })),
        'code_attempts_exceeded',
        en.errors.code_attempts_exceeded,
      );
      expectOk(await login(user.account, user.password));
    });

    it('refuses a weak or mismatched new password and changes nothing', async () => {
      const user = await newUser();
      const proof = { old_password: user.password };
      expectError(
        await changePassword(user.token, newSecret('weak', proof)),
        'password_weak',
        en.errors.password_weak,
      );
      expectError(
        await changePassword(user.token, {
          ...newSecret(newPassword, proof),
          repassword: thirdPassword,
        }),
        'password_mismatch',
        en.errors.password_mismatch,
      );
      expectError(
        await changePassword(user.token, { old_password: user.password, repassword: newPassword }),
        'field_required',
        'Password is required',
      );
      expectOk(await login(user.account, user.password));
    });
  });

  describe('/security/payPwd', () => {
    it('asks for a code to set the trade password the first time', async () => {
      const user = await newUser();
      for (const proof of [{}, { old_password: user.password }, { old_password: '482916' }]) {
        expectError(
          await setTradePassword(user.token, newSecret('482916', proof)),
          'proof_required',
          en.errors.proof_required,
        );
      }
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(false);
    });

    it('sets the trade password with a code, and takes the code once', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      const answer = await setTradePassword(user.token, newSecret('482916', { code }));
      expect(answer).toEqual({ status: 200, body: { code: 200, msg: en.ok, data: null } });
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(true);

      expectError(
        await setTradePassword(user.token, newSecret('739205', { code })),
        'code_invalid',
      );
      expect(await tradePasswordIs(user.token, '482916')).toBe(true);
    });

    it('leaves the login password and the sessions alone', async () => {
      const user = await newUser();
      const other = await login(user.account, user.password);
      await withTradePasswordFor(user, '482916');
      expect(await isLive(other.body.data.token)).toBe(true);
      expectOk(await login(user.account, user.password));
      expectError(await login(user.account, '482916'), 'login_failed');
    });

    it('changes the trade password with the current one', async () => {
      const user = await withTradePassword('482916');
      expectOk(await setTradePassword(user.token, newSecret('739205', { old_password: '482916' })));
      expect(await tradePasswordIs(user.token, '482916')).toBe(false);
      expect(await tradePasswordIs(user.token, '739205')).toBe(true);
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(true);
    });

    it('refuses a wrong current trade password, or the login password in its place', async () => {
      const user = await withTradePassword('482916');
      for (const old of ['000000', user.password]) {
        expectError(
          await setTradePassword(user.token, newSecret('739205', { old_password: old })),
          'old_password_wrong',
          en.errors.old_password_wrong,
        );
      }
      expect(await tradePasswordIs(user.token, '482916')).toBe(true);
    });

    it('refuses a wrong code and sets nothing', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      expectError(
        await setTradePassword(user.token, newSecret('482916', { code: wrongCode(code) })),
        'code_invalid',
      );
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(false);
      expectOk(await setTradePassword(user.token, newSecret('482916', { code })));
    });

    it('refuses a trade password that is not six digits, and keeps the code usable', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      for (const tradePassword of [
        '12345',
        '1234567',
        '12345a',
        'abcdef',
        '12 456',
        '１２３４５６',
      ]) {
        expectError(
          await setTradePassword(user.token, newSecret(tradePassword, { code })),
          'trade_password_weak',
          en.errors.trade_password_weak,
        );
      }
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(false);
      expectOk(await setTradePassword(user.token, newSecret('058213', { code })));
    });

    it('refuses an obvious trade password under its field, in the language asked for', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      for (const obvious of [
        '123456',
        '654321',
        '111111',
        '121212',
        '123123',
        '199001',
        '311299',
      ]) {
        const answer = await setTradePassword(user.token, newSecret(obvious, { code }));
        expectError(answer, 'trade_password_obvious', en.errors.trade_password_obvious);
        expect((answer.body as { field?: string }).field, obvious).toBe('password');
      }
      const hebrew = await new ApiClient(server.url).post(
        '/security/payPwd',
        newSecret('234567', { code }),
        { token: user.token, lang: 'he' },
      );
      expectError(hebrew, 'trade_password_obvious', catalogues.he.errors.trade_password_obvious);
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(false);
      expectOk(await setTradePassword(user.token, newSecret('482916', { code })));
    });

    it('refuses to change the trade password to an obvious one', async () => {
      const user = await withTradePassword('482916');
      const answer = await setTradePassword(
        user.token,
        newSecret('987654', { old_password: '482916' }),
      );
      expectError(answer, 'trade_password_obvious');
      expect(await tradePasswordIs(user.token, '482916')).toBe(true);
    });

    it('refuses two trade passwords that differ, and keeps the code usable', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      expectError(
        await setTradePassword(user.token, { code, password: '482916', repassword: '482917' }),
        'password_mismatch',
        en.errors.password_mismatch,
      );
      expect((await userInfo(user.token)).body.data.trade_password_set).toBe(false);
      expectOk(await setTradePassword(user.token, newSecret('482916', { code })));
    });

    it('shares one code between the login and the trade password', async () => {
      const user = await newUser();
      const code = await securityCode(user);
      expectOk(await setTradePassword(user.token, newSecret('482916', { code })));
      expectError(
        await changePassword(user.token, newSecret(newPassword, { code })),
        'code_invalid',
      );
      expectOk(await login(user.account, user.password));
    });
  });

  describe('without a live session', () => {
    it.each(protectedCalls)('%s %s asks to log in again without a token', async (method, path) => {
      const answer = await new ApiClient(server.url).send(
        method,
        path,
        method === 'GET' ? undefined : {},
        {},
      );
      expectError(answer, 'session_expired', en.errors.session_expired);
    });

    it.each(protectedCalls)(
      '%s %s asks to log in again with an unknown token',
      async (method, path) => {
        const answer = await new ApiClient(server.url).send(
          method,
          path,
          method === 'GET' ? undefined : newSecret('482916', { old_password: '482916' }),
          { token: 'a'.repeat(43) },
        );
        expectError(answer, 'session_expired', en.errors.session_expired);
      },
    );

    it.each(protectedCalls)('%s %s asks to log in again after logout', async (method, path) => {
      const user = await newUser();
      expectOk(await new ApiClient(server.url).post('/login/logout', {}, { token: user.token }));
      const answer = await new ApiClient(server.url).send(
        method,
        path,
        method === 'GET' ? undefined : newSecret(newPassword, { old_password: user.password }),
        { token: user.token },
      );
      expectError(answer, 'session_expired', en.errors.session_expired);
      expectOk(await login(user.account, user.password));
    });
  });
});

describe('security codes on a clock the test moves', () => {
  const clock = new ManualClock();
  const running = useInProcessServer(clock);

  async function sendCode(user: RegisteredUser): Promise<Answer> {
    const { url } = running();
    return new ApiClient(url).post('/security/sendCode', { type: 'email' }, { token: user.token });
  }

  it("sends at most ten codes a day to the user's email, the sign-up code included", async () => {
    const { url, dataDir } = running();
    const user = await registerUser(new ApiClient(url), dataDir);
    const sentTo = async () =>
      (await readOutbox(dataDir)).filter((entry) => entry.to === user.account).length;
    while ((await sentTo()) < codePolicy.perDestinationPerDay) {
      clock.advance(codePolicy.resendMs);
      expectOk(await sendCode(user));
    }
    clock.advance(codePolicy.resendMs);
    expectError(await sendCode(user), 'code_daily_limit', en.errors.code_daily_limit);
    expect(await sentTo()).toBe(codePolicy.perDestinationPerDay);

    // The last code sent before the refusal is still good.
    const code = await lastCodeFor(dataDir, user.account);
    const client = new ApiClient(url);
    expectOk(
      await client.post('/security/password', newSecret(newPassword, { code }), {
        token: user.token,
      }),
    );
  });

  it('changes a set trade password with a new code', async () => {
    const { url, dataDir } = running();
    const client = new ApiClient(url);
    const user = await registerUser(client, dataDir);
    clock.advance(codePolicy.resendMs);
    expectOk(await sendCode(user));
    const first = await lastCodeFor(dataDir, user.account);
    expectOk(
      await client.post('/security/payPwd', newSecret('482916', { code: first }), {
        token: user.token,
      }),
    );

    clock.advance(codePolicy.resendMs);
    expectOk(await sendCode(user));
    const second = await lastCodeFor(dataDir, user.account);
    expectOk(
      await client.post('/security/payPwd', newSecret('739205', { code: second }), {
        token: user.token,
      }),
    );
    const withNew = await client.post(
      '/security/payPwd',
      newSecret('860374', { old_password: '739205' }),
      { token: user.token },
    );
    expectOk(withNew);
  });

  it('refuses a code that has expired, and changes nothing', async () => {
    const { url, dataDir } = running();
    const client = new ApiClient(url);
    const user = await registerUser(client, dataDir);
    clock.advance(codePolicy.resendMs);
    expectOk(await sendCode(user));
    const code = await lastCodeFor(dataDir, user.account);
    clock.advance(codePolicy.ttlMs);
    expectError(
      await client.post('/security/password', newSecret(newPassword, { code }), {
        token: user.token,
      }),
      'code_invalid',
    );
    const login = await client.post('/login/index', {
      account: user.account,
      password: user.password,
    });
    expectOk(login);
  });
});
