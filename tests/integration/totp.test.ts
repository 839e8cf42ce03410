// The authenticator app over HTTP: set-up and binding, recovery codes, the code at login, the
// window of one step either side, replay refused, tries counted before the check, unbinding, and
// the holds and history the changes leave. On the embedded database and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { totpCodeAt } from '../../server/security/totp.ts';
import { totpGuardPolicy } from '../../server/security/totp-guard.ts';
import { lastCodeFor, type RegisteredUser, readOutbox, registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk, numberIn, wrongCode } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';

const step = 30_000;
const day = 86_400_000;
const count = (answers: Answer[], name: ErrorName | 'ok') =>
  answers.filter((answer) => answer.body.code === (name === 'ok' ? 200 : errorCodes[name])).length;

describe.each(await eachDatabase())('the authenticator app on %s', (...database) => {
  const clock = new ManualClock();
  const { skip, server } = serverOn(database, clock);
  const client = () => new ApiClient(server().url);

  const setup = (from: ApiClient, user: RegisteredUser) =>
    from.post<{ secret: string; uri: string; expires_in: number }>(
      '/security/totp/setup',
      {},
      { token: user.token },
    );
  const bind = (from: ApiClient, user: RegisteredUser, code: string) =>
    from.post<{ recovery_codes: string[] }>(
      '/security/totp/bind',
      { totp_code: code },
      { token: user.token },
    );
  const login = (from: ApiClient, user: RegisteredUser, extra: Record<string, string> = {}) =>
    from.post('/login/index', { account: user.account, password: user.password, ...extra });
  const codeNow = (secret: string, offsetMs = 0) =>
    totpCodeAt(secret, new Date(clock.now().getTime() + offsetMs));
  /** `n` distinct codes none of which is right within the window now. */
  const wrongCodes = (secret: string, n: number) => {
    const right = new Set([-step, 0, step].map((offset) => codeNow(secret, offset)));
    const codes: string[] = [];
    for (let i = 0; codes.length < n; i++) {
      const code = String(100_000 + i * 7919);
      if (!right.has(code)) codes.push(code);
    }
    return codes;
  };

  /** A registered user with an authenticator bound; the clock moved past the bind's step. */
  async function boundUser(from = client()) {
    const user = await registerUser(from, server().dataDir);
    const started = await setup(from, user);
    expectOk(started);
    const { secret } = started.body.data;
    const bound = await bind(from, user, codeNow(secret));
    expectOk(bound);
    clock.advance(10 * step);
    return { user, secret, recoveryCodes: bound.body.data.recovery_codes };
  }

  const userRow = (userId: number) =>
    server()
      .db.selectFrom('users')
      .select(['withdraw_hold_until', 'withdraw_hold_reason'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const factorRow = (userId: number) =>
    server()
      .db.selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  const loginEvents = (userId: number) =>
    server()
      .db.selectFrom('login_events')
      .select(['method', 'outcome'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  async function emailCode(from: ApiClient, user: RegisteredUser): Promise<string> {
    expectOk(await from.post('/security/sendCode', { type: 'email' }, { token: user.token }));
    return lastCodeFor(server().dataDir, user.account);
  }

  describe.skipIf(skip)('binding', () => {
    it('answers a secret and its otpauth:// URI, and binds with one right code', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const started = await setup(home, user);
      expectOk(started);
      const { secret, uri, expires_in } = started.body.data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(expires_in).toBe(600);
      const parsed = new URL(uri);
      expect(`${parsed.protocol}//${parsed.host}`).toBe('otpauth://totp');
      expect(decodeURIComponent(parsed.pathname)).toBe(`/Meridian:${user.account}`);
      expect(parsed.searchParams.get('issuer')).toBe('Meridian');
      expect(parsed.searchParams.get('secret')).toBe(secret);

      // A wrong code binds nothing.
      expectError(await bind(home, user, wrongCode(codeNow(secret))), 'totp_invalid');
      expect((await factorRow(user.userId))?.confirmed_at).toBeNull();
      expectOk(await login(home, user));

      const bound = await bind(home, user, codeNow(secret));
      expectOk(bound);
      const codes = bound.body.data.recovery_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      // Stored hashed, never as shown.
      const stored = await server()
        .db.selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', user.userId)
        .execute();
      expect(stored).toHaveLength(10);
      for (const row of stored) {
        expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(codes.some((code) => row.code_hash.includes(code.replace('-', '')))).toBe(false);
      }

      // Withdrawals wait a day.
      const held = await userRow(user.userId);
      expect(held.withdraw_hold_reason).toBe('two_factor');
      expect(held.withdraw_hold_until?.getTime()).toBe(clock.now().getTime() + day);

      // Bound once: neither a new set-up nor a second bind.
      expectError(await setup(home, user), 'totp_already_bound');
      expectError(await bind(home, user, codeNow(secret, step)), 'totp_already_bound');
      const outbox = await readOutbox(server().dataDir);
      expect(outbox.filter((mail) => mail.to === user.account).at(-1)?.subject).toMatch(
        /authenticator/i,
      );
    });

    it('replaces a waiting secret with a new set-up, and lets one wait 10 minutes', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const first = (await setup(home, user)).body.data.secret;
      const second = (await setup(home, user)).body.data.secret;
      expect(second).not.toBe(first);
      expectError(await bind(home, user, codeNow(first)), 'totp_invalid');

      clock.advance(10 * 60_000);
      expectError(await bind(home, user, codeNow(second)), 'totp_setup_expired');
      expect((await factorRow(user.userId))?.confirmed_at).toBeNull();

      const third = (await setup(home, user)).body.data.secret;
      expectOk(await bind(home, user, codeNow(third)));
    });

    it('refuses a malformed code as a field error and changes nothing', async () => {
      const home = client();
      const user = await registerUser(home, server().dataDir);
      const secret = (await setup(home, user)).body.data.secret;
      for (const code of ['12345', '1234567', 'abcdef', '']) {
        expectError(await bind(home, user, code), 'field_invalid');
      }
      expect((await factorRow(user.userId))?.confirmed_at).toBeNull();
      expect((await factorRow(user.userId))?.secret).toBe(secret);
      expectError(
        await home.post(
          '/security/totp/unbind',
          { totp_code: '123456', email_code: '123456' },
          {
            token: user.token,
          },
        ),
        'totp_not_bound',
      );
    });
  });

  describe.skipIf(skip)('at login', () => {
    it('asks for the code after the right password, and takes one', async () => {
      const home = client();
      const { user, secret } = await boundUser(home);
      const asked = await login(home, user);
      expectError(asked, 'two_factor_required');
      // The password was right: asking for the code used up none of its tries.
      for (let i = 0; i < 8; i++) expectError(await login(home, user), 'two_factor_required');
      expectOk(await login(home, user, { totp_code: codeNow(secret) }));

      // A wrong password is refused before any code is looked at.
      expectError(
        await login(home, { ...user, password: 'Wrong1234' }, { totp_code: codeNow(secret, step) }),
        'login_failed',
      );
      const outcomes = (await loginEvents(user.userId)).map((event) => event.outcome);
      expect(outcomes).toContain('password_wrong');
    });

    it('takes a code one step either side of now, never one already used, never two away', async () => {
      const home = client();
      const { user, secret } = await boundUser(home);
      expectOk(await login(home, user, { totp_code: codeNow(secret, -step) }));
      expectOk(await login(home, user, { totp_code: codeNow(secret, step) }));
      // Now's step is before the one just spent.
      expectError(await login(home, user, { totp_code: codeNow(secret) }), 'totp_reused');
      expectError(
        await login(home, user, { totp_code: codeNow(secret, 2 * step) }),
        'totp_invalid',
      );
      expectError(
        await login(home, user, { totp_code: codeNow(secret, -2 * step) }),
        'totp_invalid',
      );
      const outcomes = (await loginEvents(user.userId)).map((event) => event.outcome);
      expect(outcomes.filter((outcome) => outcome === 'second_factor_wrong')).toHaveLength(3);
    });

    it('lets one of two logins racing with one code through, and refuses its replay', async () => {
      const { user, secret } = await boundUser();
      const code = codeNow(secret);
      const answers = await Promise.all([
        login(client(), user, { totp_code: code }),
        login(client(), user, { totp_code: code }),
      ]);
      expect(count(answers, 'ok')).toBe(1);
      expect(count(answers, 'totp_reused')).toBe(1);
      expectError(await login(client(), user, { totp_code: code }), 'totp_reused');
      clock.advance(step);
      expectOk(await login(client(), user, { totp_code: codeNow(secret) }));
    });

    it('takes each recovery code once, however it is typed, and holds withdrawals', async () => {
      const home = client();
      const { user, recoveryCodes } = await boundUser(home);
      const [first = '', second = ''] = recoveryCodes;
      expectOk(await login(home, user, { recovery_code: first.toUpperCase() }));
      const held = await userRow(user.userId);
      expect(held.withdraw_hold_reason).toBe('recovery');
      expect(held.withdraw_hold_until?.getTime()).toBe(clock.now().getTime() + day);
      const notice = (await readOutbox(server().dataDir)).filter((m) => m.to === user.account);
      expect(notice.at(-1)?.subject).toMatch(/recovery code/i);
      expect(notice.at(-1)?.text).toContain('9');

      expectError(await login(home, user, { recovery_code: first }), 'recovery_code_invalid');
      expectError(
        await login(home, user, { recovery_code: 'abcde-fghij' }),
        'recovery_code_invalid',
      );
      expectOk(await login(home, user, { recovery_code: second.replace('-', '') }));
      const left = await server()
        .db.selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', user.userId)
        .where('used_at', 'is', null)
        .execute();
      expect(left).toHaveLength(8);
    });

    it('counts wrong codes sent at once before checking them: exactly the limit is checked', async () => {
      const attacker = client();
      const { user, secret } = await boundUser();
      const limit = totpGuardPolicy.perAccountAndAddress.max;
      const answers = await Promise.all(
        wrongCodes(secret, 20).map((code) => login(attacker, user, { totp_code: code })),
      );
      // Each code compared answers totp_invalid; each refused one was never compared.
      expect(count(answers, 'totp_invalid')).toBe(limit);
      expect(count(answers, 'totp_locked')).toBe(20 - limit);
      const [locked] = answers.filter((a) => a.body.code === errorCodes.totp_locked);
      if (!locked) throw new Error('no refusal');
      const minutes = numberIn(locked.body.msg, catalogues.en.errors.totp_locked, 'minutes');
      expect(minutes).toBeLessThanOrEqual(15);

      // The counter holds exactly the codes compared.
      const counter = await server()
        .db.selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', `totp:account+address:${user.userId} ${attacker.address}`)
        .executeTakeFirstOrThrow();
      expect(counter.hits).toBe(limit);

      // While locked, even the right code is refused at that address, unchecked…
      expectError(await login(attacker, user, { totp_code: codeNow(secret) }), 'totp_locked');
      // …and taken elsewhere, where it gives its count back.
      expectOk(await login(client(), user, { totp_code: codeNow(secret) }));
      const events = await loginEvents(user.userId);
      expect(events.filter((e) => e.outcome === 'second_factor_wrong')).toHaveLength(limit);
      expect(events.filter((e) => e.outcome === 'locked')).toHaveLength(20 - limit + 1);
    });

    it('locks every address after ten wrong codes an hour, and a reset by email lifts it', async () => {
      const { user, secret } = await boundUser();
      const { max } = totpGuardPolicy.perAccount;
      const codes = wrongCodes(secret, 4);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => client()).flatMap((from) =>
          codes.map((code) => login(from, user, { totp_code: code })),
        ),
      );
      expect(count(answers, 'totp_invalid')).toBe(max);
      expect(count(answers, 'totp_locked')).toBe(16 - max);
      expectError(await login(client(), user, { totp_code: codeNow(secret) }), 'totp_locked');
      const told = (await readOutbox(server().dataDir)).filter(
        (m) => m.to === user.account && /wrong authenticator codes/.test(m.subject),
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain(`refused ${max} wrong authenticator or recovery codes`);
      expect(told[0]?.text).toContain('"Forgot password"');

      const traveller = client();
      expectOk(
        await traveller.get('/register/sendemail', { email: user.account, scene: 'forget' }),
      );
      const code = await lastCodeFor(server().dataDir, user.account);
      const password = 'Changed789';
      expectOk(
        await traveller.post('/login/forget', {
          account: user.account,
          code,
          password,
          repassword: password,
        }),
      );
      const held = await userRow(user.userId);
      expect(held.withdraw_hold_reason).toBe('password');
      expectOk(await login(traveller, { ...user, password }, { totp_code: codeNow(secret) }));
    });
  });

  describe.skipIf(skip)('unbinding', () => {
    const unbind = (from: ApiClient, user: RegisteredUser, body: Record<string, string>) =>
      from.post('/security/totp/unbind', body, { token: user.token });

    it('needs a current code or a recovery code, and the email code', async () => {
      const home = client();
      const { user, secret } = await boundUser(home);
      const emailed = await emailCode(home, user);
      expectError(await unbind(home, user, { email_code: emailed }), 'two_factor_required');
      expectError(
        await unbind(home, user, { totp_code: wrongCode(codeNow(secret)), email_code: emailed }),
        'totp_invalid',
      );
      // The right code with a wrong email code: nothing is spent but the email code's try.
      const code = codeNow(secret);
      expectError(
        await unbind(home, user, { totp_code: code, email_code: wrongCode(emailed) }),
        'code_invalid',
      );
      expect((await factorRow(user.userId))?.confirmed_at).not.toBeNull();
      expectError(await login(home, user), 'two_factor_required');

      expectOk(await unbind(home, user, { totp_code: code, email_code: emailed }));
      expect(await factorRow(user.userId)).toBeUndefined();
      const codesLeft = await server()
        .db.selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(codesLeft).toHaveLength(0);
      expect((await userRow(user.userId)).withdraw_hold_reason).toBe('two_factor');
      expectOk(await login(home, user));
    });

    it('takes a recovery code in place of the app', async () => {
      const home = client();
      const { user, recoveryCodes } = await boundUser(home);
      const emailed = await emailCode(home, user);
      expectOk(
        await unbind(home, user, { recovery_code: recoveryCodes[3] ?? '', email_code: emailed }),
      );
      expect(await factorRow(user.userId)).toBeUndefined();
      expectError(
        await unbind(home, user, { recovery_code: recoveryCodes[4] ?? '', email_code: emailed }),
        'totp_not_bound',
      );
    });
  });
});
