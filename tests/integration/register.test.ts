// Sign-up: codes by email and SMS (/register/sendemail, /register/sendsms) and /register/index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sessionSchema } from '../../schemas/api/account.schema.ts';
import type { userInfoSchema } from '../../schemas/api/security.schema.ts';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { codePolicy } from '../../server/accounts/codes.ts';
import { goodPassword, lastCodeFor, newEmail, newPhone, readOutbox } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, numberIn, wrongCode } from '../support/expectations.ts';
import { useInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { testServers } from '../support/test-server.ts';

type SessionData = z.output<typeof sessionSchema>;
type UserInfo = z.output<typeof userInfoSchema>;

const en = catalogues.en;
const otherPassword = 'Another456';

function registration(
  destination: { email: string } | { phone: string },
  code: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { ...destination, password: goodPassword, repassword: goodPassword, code, ...extra };
}

describe.each(testServers())('registration on $name', (server) => {
  const outboxFor = async (to: string) =>
    (await readOutbox(server.dataDir)).filter((entry) => entry.to === to);

  async function sendEmailCode(client: ApiClient, email: string): Promise<string> {
    expectOk(await client.get('/register/sendemail', { email }));
    return lastCodeFor(server.dataDir, email);
  }

  async function sendSmsCode(client: ApiClient, phone: string): Promise<string> {
    expectOk(await client.get('/register/sendsms', { phone }));
    return lastCodeFor(server.dataDir, phone);
  }

  /** Whether an account exists, asked the way a user would: can a recovery code be sent to it? */
  async function isRegistered(account: string): Promise<boolean> {
    const client = new ApiClient(server.url);
    const answer = account.includes('@')
      ? await client.get('/register/sendemail', { email: account, scene: 'forget' })
      : await client.get('/register/sendsms', { phone: account, scene: 'forget' });
    expect([200, errorCodes.account_not_found, errorCodes.code_too_frequent]).toContain(
      answer.body.code,
    );
    return answer.body.code !== errorCodes.account_not_found;
  }

  async function register(client: ApiClient, body: Record<string, string>) {
    return client.post<SessionData>('/register/index', body);
  }

  async function login(account: string, password: string) {
    return new ApiClient(server.url).post<SessionData>('/login/index', { account, password });
  }

  async function registeredUser(): Promise<{ email: string; token: string }> {
    const client = new ApiClient(server.url);
    const email = newEmail();
    const answer = await register(
      client,
      registration({ email }, await sendEmailCode(client, email)),
    );
    expectOk(answer);
    return { email, token: answer.body.data.token };
  }

  describe('/register/sendemail', () => {
    it('sends a six-digit code to a free email and says how long it lives', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const answer = await client.get('/register/sendemail', { email, scene: 'register' });
      expect(answer).toEqual({
        status: 200,
        body: {
          code: 200,
          msg: en.ok,
          data: { expires_in: codePolicy.ttlMs / 1000, resend_in: codePolicy.resendMs / 1000 },
        },
      });
      const sent = await outboxFor(email);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.code).toMatch(/^\d{6}$/);
      expect(sent[0]?.text).toContain(sent[0]?.code);
    });

    it('sends for registration when no scene is given', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('sends to the lower-case form of the address', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      expectOk(await client.get('/register/sendemail', { email: `  ${email.toUpperCase()} ` }));
      expect(await outboxFor(email)).toHaveLength(1);
    });

    it('sends a recovery code to a registered email', async () => {
      const { email } = await registeredUser();
      const before = (await outboxFor(email)).length;
      const answer = await new ApiClient(server.url).get('/register/sendemail', {
        email,
        scene: 'forget',
      });
      expectOk(answer);
      expect(await outboxFor(email)).toHaveLength(before + 1);
    });

    it('refuses a registration code for a taken email and sends nothing', async () => {
      const { email } = await registeredUser();
      const before = (await outboxFor(email)).length;
      const answer = await new ApiClient(server.url).get('/register/sendemail', { email });
      expectError(answer, 'account_exists', en.errors.account_exists);
      expect(await outboxFor(email)).toHaveLength(before);
    });

    it('refuses a recovery code for an unknown email and sends nothing', async () => {
      const email = newEmail();
      const answer = await new ApiClient(server.url).get('/register/sendemail', {
        email,
        scene: 'forget',
      });
      expectError(answer, 'account_not_found', en.errors.account_not_found);
      expect(await outboxFor(email)).toHaveLength(0);
    });

    it('refuses a second code within a minute, says how many seconds to wait, and keeps the first', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      const again = await new ApiClient(server.url).get('/register/sendemail', { email });
      expectError(again, 'code_too_frequent');
      const seconds = numberIn(again.body.msg, en.errors.code_too_frequent, 'seconds');
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(codePolicy.resendMs / 1000);
      expect(await outboxFor(email)).toHaveLength(1);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('says how long to wait in the language of the request', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      await sendEmailCode(client, email);
      const again = await client.get('/register/sendemail', { email }, { lang: 'de' });
      expectError(again, 'code_too_frequent');
      numberIn(again.body.msg, catalogues.de.errors.code_too_frequent, 'seconds');
    });

    it('writes the message in the language of the request', async () => {
      const client = new ApiClient(server.url);
      const english = newEmail();
      const german = newEmail();
      const chinese = newEmail();
      expectOk(await client.get('/register/sendemail', { email: english }));
      expectOk(await client.get('/register/sendemail', { email: german }, { lang: 'de' }));
      expectOk(await client.get('/register/sendemail', { email: chinese }, { lang: 'zh-CN' }));
      const [inEnglish] = await outboxFor(english);
      const [inGerman] = await outboxFor(german);
      const [inChinese] = await outboxFor(chinese);
      expect(inEnglish?.text).toMatch(/verification code/);
      expect(inGerman?.text).toMatch(/Bestätigungscode/);
      expect(inChinese?.text).toMatch(/验证码/);
      for (const entry of [inEnglish, inGerman, inChinese]) {
        expect(entry?.text).toContain(entry?.code);
      }
    });

    it('refuses a missing, malformed or over-long email and an unknown scene', async () => {
      const client = new ApiClient(server.url);
      expectError(await client.get('/register/sendemail'), 'field_required', 'Email is required');
      expectError(
        await client.get('/register/sendemail', { email: '' }),
        'field_required',
        'Email is required',
      );
      expectError(
        await client.get('/register/sendemail', { email: 'not-an-email' }),
        'field_invalid',
        'Email is invalid',
      );
      expectError(
        await client.get('/register/sendemail', { email: `${'a'.repeat(250)}@example.com` }),
        'field_too_long',
        'Email is too long',
      );
      expectError(
        await client.get('/register/sendemail', { email: newEmail(), scene: 'login' }),
        'field_invalid',
        'Scene is invalid',
      );
    });

    it('limits how many codes one address may ask for in an hour', async () => {
      const client = new ApiClient(server.url);
      for (let i = 0; i < codePolicy.perAddressPerHour; i++) {
        expectOk(await client.get('/register/sendemail', { email: newEmail() }));
      }
      const email = newEmail();
      expectError(await client.get('/register/sendemail', { email }), 'rate_limited');
      expect(await outboxFor(email)).toHaveLength(0);
      expectOk(await new ApiClient(server.url).get('/register/sendemail', { email }));
    });
  });

  describe('/register/sendsms', () => {
    it('sends a six-digit code to a free phone number', async () => {
      const phone = newPhone();
      const answer = await new ApiClient(server.url).get('/register/sendsms', { phone });
      expect(answer.body).toEqual({
        code: 200,
        msg: en.ok,
        data: { expires_in: codePolicy.ttlMs / 1000, resend_in: codePolicy.resendMs / 1000 },
      });
      const sent = await outboxFor(phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.code).toMatch(/^\d{6}$/);
    });

    it('refuses a registration code for a taken phone number', async () => {
      const client = new ApiClient(server.url);
      const phone = newPhone();
      expectOk(await register(client, registration({ phone }, await sendSmsCode(client, phone))));
      const answer = await new ApiClient(server.url).get('/register/sendsms', { phone });
      expectError(answer, 'account_exists', en.errors.account_exists);
      expect(await outboxFor(phone)).toHaveLength(1);
    });

    it('refuses a recovery code for an unknown phone number', async () => {
      const phone = newPhone();
      const answer = await new ApiClient(server.url).get('/register/sendsms', {
        phone,
        scene: 'forget',
      });
      expectError(answer, 'account_not_found', en.errors.account_not_found);
      expect(await outboxFor(phone)).toHaveLength(0);
    });

    it('refuses a second code within a minute', async () => {
      const client = new ApiClient(server.url);
      const phone = newPhone();
      const code = await sendSmsCode(client, phone);
      const again = await client.get('/register/sendsms', { phone });
      expectError(again, 'code_too_frequent');
      numberIn(again.body.msg, en.errors.code_too_frequent, 'seconds');
      expectOk(await register(client, registration({ phone }, code)));
    });

    it('refuses a number that is not in international format', async () => {
      const client = new ApiClient(server.url);
      expectError(await client.get('/register/sendsms'), 'field_required', 'Phone is required');
      for (const phone of ['07700900123', '+0123456789', '+44 7700 900123', '+44abc']) {
        expectError(
          await client.get('/register/sendsms', { phone }),
          'field_invalid',
          'Phone is invalid',
        );
      }
    });
  });

  describe('/register/index', () => {
    it('registers by email and answers a working session with an eight-digit UID', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const answer = await register(
        client,
        registration({ email }, await sendEmailCode(client, email)),
      );
      expectOk(answer);
      expect(answer.body.msg).toBe(en.ok);
      const session = sessionSchema.parse(answer.body.data);
      expect(session.account).toBe(email);
      expect(String(session.user_id)).toMatch(/^[1-9]\d{7}$/);
      expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());

      const info = await client.get<UserInfo>('/security/index', {}, { token: session.token });
      expectOk(info);
      expect(info.body.data).toMatchObject({
        user_id: session.user_id,
        account: email,
        email,
        phone: null,
        email_bound: true,
      });
      expectOk(await login(email, goodPassword));
    });

    it('registers the lower-case form of an email typed in capitals', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      const answer = await register(client, registration({ email: email.toUpperCase() }, code));
      expectOk(answer);
      expect(answer.body.data.account).toBe(email);
    });

    it('registers by phone', async () => {
      const client = new ApiClient(server.url);
      const phone = newPhone();
      const answer = await register(
        client,
        registration({ phone }, await sendSmsCode(client, phone)),
      );
      expectOk(answer);
      expect(answer.body.data.account).toBe(phone);
      expect(String(answer.body.data.user_id)).toMatch(/^[1-9]\d{7}$/);
      const info = await client.get<UserInfo>(
        '/security/index',
        {},
        { token: answer.body.data.token },
      );
      expect(info.body.data).toMatchObject({
        account: phone,
        phone,
        email: null,
        email_bound: false,
      });
      expectOk(await login(phone, goodPassword));
    });

    it('gives every user a different UID and token', async () => {
      const first = await registeredUser();
      const second = await registeredUser();
      expect(first.token).not.toBe(second.token);
      const client = new ApiClient(server.url);
      const a = await client.get<UserInfo>('/security/index', {}, { token: first.token });
      const b = await client.get<UserInfo>('/security/index', {}, { token: second.token });
      expect(a.body.data.user_id).not.toBe(b.body.data.user_id);
      expect(a.body.data.account).toBe(first.email);
      expect(b.body.data.account).toBe(second.email);
    });

    it('refuses a wrong code, creates nothing, and still takes the right code', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      const answer = await register(client, registration({ email }, wrongCode(code)));
      expectError(answer, 'code_invalid', en.errors.code_invalid);
      expect(await isRegistered(email)).toBe(false);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('refuses a code that was never sent', async () => {
      const email = newEmail();
      const answer = await register(new ApiClient(server.url), registration({ email }, '123456'));
      expectError(answer, 'code_invalid');
      expect(await isRegistered(email)).toBe(false);
    });

    it('refuses a code sent to another address', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, newEmail());
      expectError(await register(client, registration({ email }, code)), 'code_invalid');
      expect(await isRegistered(email)).toBe(false);
    });

    it('kills the code after five wrong tries, even for the right code', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      for (let i = 1; i < codePolicy.maxAttempts; i++) {
        expectError(
          await register(client, registration({ email }, wrongCode(code))),
          'code_invalid',
        );
      }
      expectError(
        await register(client, registration({ email }, wrongCode(code))),
        'code_attempts_exceeded',
        en.errors.code_attempts_exceeded,
      );
      expectError(
        await register(client, registration({ email }, code)),
        'code_attempts_exceeded',
        en.errors.code_attempts_exceeded,
      );
      expect(await isRegistered(email)).toBe(false);
    });

    it('takes a code once: registering again with it is refused and changes nothing', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      expectOk(await register(client, registration({ email }, code)));
      const again = await register(
        client,
        registration({ email }, code, { password: otherPassword, repassword: otherPassword }),
      );
      expect([errorCodes.code_invalid, errorCodes.account_exists]).toContain(again.body.code);
      expect(again.body.data).toBeNull();
      expectOk(await login(email, goodPassword));
      expectError(await login(email, otherPassword), 'login_failed');
    });

    it('refuses to register a taken email, in any letter case', async () => {
      const { email } = await registeredUser();
      const client = new ApiClient(server.url);
      for (const account of [email, email.toUpperCase()]) {
        const answer = await register(
          client,
          registration({ email: account }, '123456', {
            password: otherPassword,
            repassword: otherPassword,
          }),
        );
        expectError(answer, 'account_exists', en.errors.account_exists);
      }
      expectOk(await login(email, goodPassword));
    });

    it('refuses two passwords that differ, creates nothing, and keeps the code usable', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      const answer = await register(
        client,
        registration({ email }, code, { repassword: otherPassword }),
      );
      expectError(answer, 'password_mismatch', en.errors.password_mismatch);
      expect(await isRegistered(email)).toBe(false);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('refuses a weak password, creates nothing, and keeps the code usable', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      for (const password of ['Short1', 'lettersonly', '1234567890', `a1${'b'.repeat(5)}`]) {
        const answer = await register(
          client,
          registration({ email }, code, { password, repassword: password }),
        );
        expectError(answer, 'password_weak', en.errors.password_weak);
      }
      const tooLong = `a1${'b'.repeat(63)}`;
      const answer = await register(
        client,
        registration({ email }, code, { password: tooLong, repassword: tooLong }),
      );
      expect([errorCodes.password_weak, errorCodes.field_too_long]).toContain(answer.body.code);
      expect(await isRegistered(email)).toBe(false);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('takes a password of exactly eight and of exactly sixty-four characters', async () => {
      for (const password of ['abcdefg1', `a1${'b'.repeat(62)}`]) {
        const client = new ApiClient(server.url);
        const email = newEmail();
        const code = await sendEmailCode(client, email);
        expectOk(
          await register(client, registration({ email }, code, { password, repassword: password })),
        );
        expectOk(await login(email, password));
      }
    });

    it('asks for an email when neither email nor phone is given', async () => {
      const answer = await register(new ApiClient(server.url), {
        password: goodPassword,
        repassword: goodPassword,
        code: '123456',
      });
      expectError(answer, 'field_required', 'Email is required');
    });

    it('refuses missing or malformed fields', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      const cases: [Record<string, string>, ErrorName, string][] = [
        [registration({ email }, ''), 'field_required', 'Verification code is required'],
        [registration({ email }, '12345'), 'field_invalid', 'Verification code is invalid'],
        [registration({ email }, 'abcdef'), 'field_invalid', 'Verification code is invalid'],
        [registration({ email }, code, { password: '' }), 'field_required', 'Password is required'],
        [
          registration({ email }, code, { repassword: '' }),
          'field_required',
          'Repeat password is required',
        ],
        [registration({ email: 'nobody' }, code), 'field_invalid', 'Email is invalid'],
        [registration({ phone: '12345' }, code), 'field_invalid', 'Phone is invalid'],
        [
          registration({ email }, code, { invite_code: 'A'.repeat(17) }),
          'field_too_long',
          'Invite code is too long',
        ],
      ];
      for (const [body, name, msg] of cases) {
        expectError(await register(client, body), name, msg);
      }
      expect(await isRegistered(email)).toBe(false);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('accepts the invite code of an existing user, in any letter case', async () => {
      const inviter = await registeredUser();
      const client = new ApiClient(server.url);
      const info = await client.get<UserInfo>('/security/index', {}, { token: inviter.token });
      const inviteCode = info.body.data.invite_code;
      expect(inviteCode).not.toBe('');

      for (const typed of [inviteCode, ` ${inviteCode.toLowerCase()} `]) {
        const email = newEmail();
        const code = await sendEmailCode(client, email);
        const answer = await register(
          client,
          registration({ email }, code, { invite_code: typed }),
        );
        expectOk(answer);
        const invitee = await client.get<UserInfo>(
          '/security/index',
          {},
          { token: answer.body.data.token },
        );
        expect(invitee.body.data.invite_code).not.toBe(inviteCode);
      }
    });

    it('takes an empty invite code as none', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      expectOk(await register(client, registration({ email }, code, { invite_code: '' })));
    });

    it('refuses an unknown invite code, creates nothing, and keeps the code usable', async () => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      const code = await sendEmailCode(client, email);
      const answer = await register(
        client,
        registration({ email }, code, { invite_code: 'NOSUCH99' }),
      );
      expectError(answer, 'invite_code_invalid', en.errors.invite_code_invalid);
      expect(await isRegistered(email)).toBe(false);
      expectOk(await register(client, registration({ email }, code)));
    });

    it('lets exactly one of two racing registrations with one code succeed', async () => {
      for (let round = 0; round < 3; round++) {
        const email = newEmail();
        const code = await sendEmailCode(new ApiClient(server.url), email);
        const answers = await Promise.all(
          [goodPassword, otherPassword].map((password) =>
            register(
              new ApiClient(server.url),
              registration({ email }, code, { password, repassword: password }),
            ),
          ),
        );
        const winners = answers.filter((answer) => answer.body.code === 200);
        expect(winners).toHaveLength(1);
        const loser = answers.find((answer) => answer.body.code !== 200);
        expect([errorCodes.code_invalid, errorCodes.account_exists]).toContain(loser?.body.code);
        expect(loser?.body.data).toBeNull();

        const winnerPassword = answers[0]?.body.code === 200 ? goodPassword : otherPassword;
        const loserPassword = winnerPassword === goodPassword ? otherPassword : goodPassword;
        expectOk(await login(email, winnerPassword));
        expectError(await login(email, loserPassword), 'login_failed');
      }
    });
  });
});

describe('registration on a server that requires an invite code', () => {
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    server = await startServerProcess({ INVITE_REQUIRED: 'true' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  function running(): ServerProcess {
    if (!server) throw new Error('the invite-only server did not start');
    return server;
  }

  it('refuses a registration without an invite code and creates nothing', async () => {
    const { url, dataDir } = running();
    const client = new ApiClient(url);
    const email = newEmail();
    expectOk(await client.get('/register/sendemail', { email }));
    const code = await lastCodeFor(dataDir, email);
    for (const extra of [{}, { invite_code: '' }]) {
      const answer = await client.post('/register/index', registration({ email }, code, extra));
      expectError(answer, 'invite_code_required', en.errors.invite_code_required);
    }
    const unknown = await client.post(
      '/register/index',
      registration({ email }, code, { invite_code: 'NOSUCH99' }),
    );
    expectError(unknown, 'invite_code_invalid', en.errors.invite_code_invalid);
    const probe = await client.get('/register/sendemail', { email, scene: 'forget' });
    expectError(probe, 'account_not_found');
  });
});

describe('the daily code limit, on a clock the test moves', () => {
  const clock = new ManualClock();
  const running = useInProcessServer(clock);

  async function sendUntilRefused(
    client: ApiClient,
    path: '/register/sendemail' | '/register/sendsms',
    query: Record<string, string>,
  ): Promise<Answer> {
    for (let sent = 0; sent < codePolicy.perDestinationPerDay; sent++) {
      expectOk(await client.get(path, query));
      clock.advance(codePolicy.resendMs);
    }
    return client.get(path, query);
  }

  it('sends at most ten codes a day to one email, and the last one sent still works', async () => {
    const { url, dataDir } = running();
    const client = new ApiClient(url);
    const email = newEmail();
    const refused = await sendUntilRefused(client, '/register/sendemail', { email });
    expectError(refused, 'code_daily_limit', en.errors.code_daily_limit);
    const sent = (await readOutbox(dataDir)).filter((entry) => entry.to === email);
    expect(sent).toHaveLength(codePolicy.perDestinationPerDay);

    const last = await lastCodeFor(dataDir, email);
    expectOk(await client.post('/register/index', registration({ email }, last)));
  });

  it('sends at most ten codes a day to one phone, and sends again the next day', async () => {
    const { url, dataDir } = running();
    const client = new ApiClient(url);
    const phone = newPhone();
    const refused = await sendUntilRefused(client, '/register/sendsms', { phone });
    expectError(refused, 'code_daily_limit', en.errors.code_daily_limit);
    const german = await client.get('/register/sendsms', { phone }, { lang: 'de' });
    expectError(german, 'code_daily_limit', catalogues.de.errors.code_daily_limit);

    clock.advance(86_400_000);
    expectOk(await client.get('/register/sendsms', { phone }));
    const code = await lastCodeFor(dataDir, phone);
    expectOk(await client.post('/register/index', registration({ phone }, code)));
  });
});
