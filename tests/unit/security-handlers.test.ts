// The security center's calls in the worker: each sends only the fields the server takes (the
// second factor given, no blank one), no code, secret or recovery code reaches the event log, the
// overview says a withdrawal hold only while it runs, and sessions and sign-ins arrive with their
// times formatted for the locale.
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../core/event-log.ts';
import { clientEventSchema } from '../../core/events.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import { errorCodes } from '../../schemas/errors.ts';
import type { CallOptions } from '../../workers/kernel/api-client.ts';
import type { Outcome } from '../../workers/kernel/outcome.ts';
import { formatTimestamp } from '../../workers/kernel/time-format.ts';
import { createSecurityHandlers } from '../../workers/security/handlers.ts';

const now = Date.parse('2026-03-04T12:00:00.000Z');
/** A time as the worker writes a row's, in the machine's zone. */
const dated = (iso: string) => formatTimestamp(iso, 'en-GB', 'dated');

function harness(answer: unknown = null) {
  const calls: { path: string; input: unknown }[] = [];
  const logged: NewEvent[] = [];
  const security = createSecurityHandlers({
    call: (async (endpoint: Endpoint, input: unknown) => {
      calls.push({ path: endpoint.path, input });
      // Every request must pass its endpoint's schema, as the API client would send it.
      endpoint.request.parse(input);
      return { ok: true, data: endpoint.response.parse(answer) };
    }) as never,
    record: (event) => logged.push(event),
    locale: () => 'en-GB',
    now: () => now,
  });
  return { security, calls, logged };
}

const overview = {
  protections: [
    { name: 'login_password', on: true },
    { name: 'email', on: true },
    { name: 'trade_password', on: false },
    { name: 'totp', on: true },
  ],
  level: 'medium',
  next: 'trade_password',
  email: 'us***@example.com',
  phone: null,
  anti_phishing_code: 'Ab****',
  passkey_count: 2,
  withdraw_whitelist: true,
  withdraw_hold_until: '2026-03-05T12:00:00.000Z',
  withdraw_hold_reason: 'two_factor',
  address_hold_hours: 24,
};

/** No secret of `secrets` is in the log, and every logged event is one the log can read back. */
function expectNoSecret(logged: readonly NewEvent[], secrets: readonly string[]) {
  const log = JSON.stringify(logged);
  for (const secret of secrets) expect(log).not.toContain(secret);
  for (const event of logged) expect(clientEventSchema.safeParse(event).success).toBe(true);
}

describe('the security overview', () => {
  it('names every protection, and a hold that still runs with its end in the locale', async () => {
    const { security } = harness(overview);
    const outcome = await security.securityOverview();
    if (!outcome.ok) throw new Error('expected an answer');
    const view = outcome.data;
    expect(view.on).toEqual({
      login_password: true,
      email: true,
      trade_password: false,
      totp: true,
      passkey: false,
      phone: false,
      anti_phishing: false,
      whitelist: false,
    });
    expect(view).toMatchObject({
      level: 'medium',
      next: 'trade_password',
      antiPhishingCode: 'Ab****',
      passkeyCount: 2,
      whitelist: true,
      addressHoldHours: 24,
      hold: { until: dated('2026-03-05T12:00:00.000Z'), reason: 'two_factor' },
    });
  });

  it('says no hold once it has ended, or when none was set', async () => {
    for (const until of ['2026-03-04T11:59:59.000Z', null]) {
      const { security } = harness({ ...overview, withdraw_hold_until: until });
      const outcome = await security.securityOverview();
      expect(outcome.ok && outcome.data.hold).toBeNull();
    }
  });
});

describe('the authenticator app', () => {
  it('hands the secret and the recovery codes to the page, never to the log', async () => {
    const setup = harness({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Meridian:user?secret=JBSWY3DPEHPK3PXP',
      expires_in: 600,
    });
    const started = await setup.security.startTotpSetup();
    expect(started.ok && started.data).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Meridian:user?secret=JBSWY3DPEHPK3PXP',
      expiresIn: 600,
    });
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}j`);
    const bind = harness({ recovery_codes: codes });
    const bound = await bind.security.bindTotp(' 123456 ');
    expect(bound.ok && bound.data.recoveryCodes).toEqual(codes);
    expect(bind.calls).toEqual([{ path: '/security/totp/bind', input: { totp_code: '123456' } }]);
    expectNoSecret([...setup.logged, ...bind.logged], ['JBSWY3DPEHPK3PXP', '123456', ...codes]);
  });

  it('is unbound with the factor given and the email code, the factor named only by kind', async () => {
    const { security, calls, logged } = harness();
    await security.unbindTotp({
      factor: { kind: 'recovery', code: 'ABCDE-FGHIJ' },
      emailCode: '654321',
    });
    await security.unbindTotp({ factor: { kind: 'totp', code: '123456' }, emailCode: '654321' });
    expect(calls.map((call) => call.input)).toEqual([
      { recovery_code: 'ABCDE-FGHIJ', email_code: '654321' },
      { totp_code: '123456', email_code: '654321' },
    ]);
    expect(logged.map((event) => event.payload)).toEqual([
      { factor: 'recovery' },
      { factor: 'totp' },
    ]);
    expectNoSecret(logged, ['ABCDE-FGHIJ', '654321', '123456']);
  });
});

describe('the phone, the anti-phishing code and whitelist mode', () => {
  it('binds a phone with both codes, and the authenticator code only when one is given', async () => {
    const { security, calls, logged } = harness();
    await security.bindPhone({
      phone: ' +447700900123 ',
      code: '111222',
      emailCode: '333444',
      factor: null,
    });
    await security.bindPhone({
      phone: '+447700900123',
      code: '111222',
      emailCode: '333444',
      factor: { kind: 'totp', code: '  ' },
    });
    await security.bindPhone({
      phone: '+447700900123',
      code: '111222',
      emailCode: '333444',
      factor: { kind: 'totp', code: '555666' },
    });
    const plain = { phone: '+447700900123', code: '111222', email_code: '333444' };
    expect(calls.map((call) => call.input)).toEqual([
      plain,
      plain,
      { ...plain, totp_code: '555666' },
    ]);
    expectNoSecret(logged, ['+447700900123', '111222', '333444', '555666']);
  });

  it('sends a code to a new phone without logging the number', async () => {
    const { security, calls, logged } = harness({ expires_in: 600, resend_in: 60 });
    const sent = await security.sendPhoneCode('+447700900123');
    expect(sent.ok && sent.data).toEqual({ resend_in: 60 });
    expect(calls).toEqual([
      { path: '/security/phone/sendCode', input: { phone: '+447700900123' } },
    ]);
    expectNoSecret(logged, ['+447700900123']);
  });

  it('sets the anti-phishing code with the email code, and logs neither', async () => {
    const { security, calls, logged } = harness();
    await security.setAntiPhishingCode({ code: ' Gatto42 ', emailCode: '123456' });
    expect(calls).toEqual([
      {
        path: '/security/antiPhishing',
        input: { anti_phishing_code: 'Gatto42', email_code: '123456' },
      },
    ]);
    expectNoSecret(logged, ['Gatto42', '123456']);
  });

  it('turns whitelist mode on with nothing else, and off with the codes', async () => {
    const { security, calls, logged } = harness();
    await security.setWhitelist({ enabled: true });
    await security.setWhitelist({
      enabled: false,
      emailCode: '123456',
      factor: { kind: 'totp', code: '654321' },
    });
    expect(calls.map((call) => call.input)).toEqual([
      { enabled: true },
      { enabled: false, email_code: '123456', totp_code: '654321' },
    ]);
    expect(logged.map((event) => event.payload)).toEqual([
      { enabled: true, factor: 'none' },
      { enabled: false, factor: 'totp' },
    ]);
    expectNoSecret(logged, ['123456', '654321']);
  });
});

describe('devices, sessions and the login history', () => {
  it('lists sessions with their times in the locale, and ends one or all others', async () => {
    const list = harness([
      {
        id: '12',
        device: 'Chrome 131 on Android',
        ip: '203.0.113.7',
        created_at: '2026-03-01T08:30:00.000Z',
        last_seen_at: '2026-03-04T11:45:00.000Z',
        current: true,
      },
    ]);
    const outcome = await list.security.sessions();
    expect(outcome.ok && outcome.data).toEqual([
      {
        id: '12',
        device: 'Chrome 131 on Android',
        ip: '203.0.113.7',
        createdAt: dated('2026-03-01T08:30:00.000Z'),
        lastSeenAt: dated('2026-03-04T11:45:00.000Z'),
        current: true,
      },
    ]);
    const end = harness();
    await end.security.endSession('13');
    expect(end.calls).toEqual([{ path: '/security/sessions/revoke', input: { id: '13' } }]);
    const others = harness({ count: 3 });
    const ended = await others.security.endOtherSessions();
    expect(ended.ok && ended.data).toEqual({ count: 3 });
  });

  it('pages the login history, failed tries included, each row with its own key', async () => {
    const tried = {
      at: '2026-03-04T10:00:00.000Z',
      ip: '198.51.100.2',
      device: 'Firefox 133 on Windows',
      method: 'password',
      outcome: 'password_wrong',
      new_device: true,
    };
    const { security, calls } = harness({
      list: [tried, tried, { ...tried, outcome: 'ok', at: '2026-03-04T09:00:00.000Z' }],
      total: 45,
      page: 2,
      size: 20,
    });
    const outcome = await security.loginHistory(2);
    if (!outcome.ok) throw new Error('expected an answer');
    expect(calls).toEqual([{ path: '/security/logins', input: { page: 2, size: 20 } }]);
    expect(outcome.data.more).toBe(true);
    expect(outcome.data.rows.map((row) => [row.time, row.outcome, row.newDevice])).toEqual([
      [dated(tried.at), 'password_wrong', true],
      [dated(tried.at), 'password_wrong', true],
      [dated('2026-03-04T09:00:00.000Z'), 'ok', true],
    ]);
    expect(new Set(outcome.data.rows.map((row) => row.key)).size).toBe(3);
  });
});

describe("a form's refusal", () => {
  /** Every call refused with `name`, its field as the catalogue names it; the options kept. */
  function refusing(name: keyof typeof errorCodes, field?: string) {
    const options: (CallOptions | undefined)[] = [];
    const security = createSecurityHandlers({
      call: (async (
        _endpoint: Endpoint,
        _input: unknown,
        _headers: unknown,
        given?: CallOptions,
      ) => {
        options.push(given);
        const failure = { kind: 'business', code: errorCodes[name], msg: name, field };
        return { ok: false, failure };
      }) as never,
      record: () => {},
      locale: () => 'en-GB',
    });
    return { security, options };
  }
  const factor = { kind: 'totp', code: '123456' } as const;
  const fieldOf = (outcome: Outcome<unknown>) =>
    !outcome.ok && outcome.failure.kind === 'business' ? outcome.failure.field : null;

  it('is left to the form, named by the field the user has to change', async () => {
    const wrongCode = refusing('code_invalid', 'code');
    expect(fieldOf(await wrongCode.security.unbindTotp({ factor, emailCode: '1' }))).toBe(
      'email_code',
    );
    expect(
      fieldOf(await wrongCode.security.setAntiPhishingCode({ code: 'Gatto42', emailCode: '1' })),
    ).toBe('email_code');
    // The phone's request has a code of its own, the SMS one: the server's field is kept.
    const binding = { phone: '+447700900123', code: '1', emailCode: '2', factor: null };
    expect(fieldOf(await wrongCode.security.bindPhone(binding))).toBe('code');
    expect(wrongCode.options.every((given) => given?.toastRefusal === false)).toBe(true);

    const wrongApp = refusing('totp_invalid');
    expect(fieldOf(await wrongApp.security.bindTotp('123456'))).toBe('totp_code');
    const spent = refusing('recovery_code_invalid');
    const recovery = { kind: 'recovery', code: 'abcde-12345' } as const;
    expect(fieldOf(await spent.security.unbindTotp({ factor: recovery, emailCode: '1' }))).toBe(
      'recovery_code',
    );
    const taken = refusing('phone_taken');
    expect(fieldOf(await taken.security.sendPhoneCode('+447700900123'))).toBe('phone');
    const asked = refusing('withdraw_code_required');
    expect(fieldOf(await asked.security.setWhitelist({ enabled: false }))).toBe('email_code');
  });

  it('names no field for a refusal about none', async () => {
    const bound = refusing('totp_already_bound');
    expect(fieldOf(await bound.security.startTotpSetup())).toBeUndefined();
    expect(bound.options).toEqual([{ toastRefusal: false }]);
  });
});
