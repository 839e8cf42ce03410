// Password recovery: a code by email or SMS (scene=forget), then /login/forget.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { sessionSchema } from '../../schemas/api/account.schema.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { codePolicy } from '../../server/accounts/codes.ts';
import {
  goodPassword,
  lastCodeFor,
  newEmail,
  newPhone,
  type RegisteredUser,
  registerUser,
} from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, wrongCode } from '../support/expectations.ts';
import { testServers } from '../support/test-server.ts';

type SessionData = z.output<typeof sessionSchema>;

const en = catalogues.en;
const newPassword = 'Changed789';
const thirdPassword = 'Another456';

function reset(account: string, code: string, password = newPassword): Record<string, string> {
  return { account, code, password, repassword: password };
}

describe.each(testServers())('password recovery on $name', (server) => {
  const login = (account: string, password: string) =>
    new ApiClient(server.url).post<SessionData>('/login/index', { account, password });

  const forget = (body: Record<string, string>, client = new ApiClient(server.url)) =>
    client.post('/login/forget', body);

  const isLive = async (token: string) =>
    (await new ApiClient(server.url).get('/security/index', {}, { token })).body.code === 200;

  async function forgetCode(client: ApiClient, email: string): Promise<string> {
    expectOk(await client.get('/register/sendemail', { email, scene: 'forget' }));
    return lastCodeFor(server.dataDir, email);
  }

  async function newUser(): Promise<RegisteredUser> {
    return registerUser(new ApiClient(server.url), server.dataDir);
  }

  it('resets the password with an emailed code and ends every session', async () => {
    const user = await newUser();
    const other = await login(user.account, user.password);
    expectOk(other);
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, user.account);

    const answer = await forget(reset(user.account, code), client);
    expect(answer).toEqual({ status: 200, body: { code: 200, msg: en.ok, data: null } });

    expectError(await login(user.account, user.password), 'login_failed');
    expectOk(await login(user.account, newPassword));
    for (const token of [user.token, other.body.data.token]) {
      const info = await new ApiClient(server.url).get('/security/index', {}, { token });
      expectError(info, 'session_expired', en.errors.session_expired);
    }
  });

  it('takes the account in any letter case', async () => {
    const user = await newUser();
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, user.account);
    expectOk(await forget(reset(` ${user.account.toUpperCase()} `, code), client));
    expectOk(await login(user.account, newPassword));
  });

  it('resets the password of a phone account with a code by SMS', async () => {
    const client = new ApiClient(server.url);
    const phone = newPhone();
    expectOk(await client.get('/register/sendsms', { phone }));
    const registered = await client.post<SessionData>('/register/index', {
      phone,
      password: goodPassword,
      repassword: goodPassword,
      code: await lastCodeFor(server.dataDir, phone),
    });
    expectOk(registered);

    expectOk(await client.get('/register/sendsms', { phone, scene: 'forget' }));
    const code = await lastCodeFor(server.dataDir, phone);
    expectOk(await forget(reset(phone, code), client));
    expectError(await login(phone, goodPassword), 'login_failed');
    expectOk(await login(phone, newPassword));
    expect(await isLive(registered.body.data.token)).toBe(false);
  });

  it('refuses a wrong code, changes nothing, and still takes the right code', async () => {
    const user = await newUser();
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, user.account);

    expectError(
      await forget(reset(user.account, wrongCode(code)), client),
      'code_invalid',
      en.errors.code_invalid,
    );
    expect(await isLive(user.token)).toBe(true);
    expectOk(await login(user.account, user.password));
    expectError(await login(user.account, newPassword), 'login_failed');

    expectOk(await forget(reset(user.account, code), client));
    expectOk(await login(user.account, newPassword));
  });

  it('refuses when no recovery code was sent', async () => {
    const user = await newUser();
    expectError(await forget(reset(user.account, '123456')), 'code_invalid');
    expectOk(await login(user.account, user.password));
  });

  it('kills the code after five wrong tries, even for the right code', async () => {
    const user = await newUser();
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, user.account);
    for (let i = 1; i < codePolicy.maxAttempts; i++) {
      expectError(await forget(reset(user.account, wrongCode(code)), client), 'code_invalid');
    }
    expectError(
      await forget(reset(user.account, wrongCode(code)), client),
      'code_attempts_exceeded',
      en.errors.code_attempts_exceeded,
    );
    expectError(
      await forget(reset(user.account, code), client),
      'code_attempts_exceeded',
      en.errors.code_attempts_exceeded,
    );
    expectOk(await login(user.account, user.password));
    expect(await isLive(user.token)).toBe(true);
  });

  it('refuses an unknown account', async () => {
    for (const account of [newEmail(), newPhone()]) {
      expectError(
        await forget(reset(account, '123456')),
        'account_not_found',
        en.errors.account_not_found,
      );
    }
  });

  it('takes a code only once', async () => {
    const user = await newUser();
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, user.account);
    expectOk(await forget(reset(user.account, code), client));
    const session = await login(user.account, newPassword);
    expectOk(session);

    expectError(await forget(reset(user.account, code, thirdPassword), client), 'code_invalid');
    expectOk(await login(user.account, newPassword));
    expectError(await login(user.account, thirdPassword), 'login_failed');
    expect(await isLive(session.body.data.token)).toBe(true);
  });

  it('does not take a code sent for another purpose', async () => {
    const user = await newUser();
    const client = new ApiClient(server.url);
    expectOk(await client.post('/security/sendCode', { type: 'email' }, { token: user.token }));
    const securityCode = await lastCodeFor(server.dataDir, user.account);
    expectError(await forget(reset(user.account, securityCode), client), 'code_invalid');
    expectOk(await login(user.account, user.password));
  });

  it('does not take a code sent to another account', async () => {
    const user = await newUser();
    const other = await newUser();
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, other.account);
    expectError(await forget(reset(user.account, code), client), 'code_invalid');
    expectOk(await login(user.account, user.password));
    // The other account's code was not spent on the attempt.
    expectOk(await forget(reset(other.account, code), client));
  });

  it('refuses a weak or mismatched new password and keeps the code usable', async () => {
    const user = await newUser();
    const client = new ApiClient(server.url);
    const code = await forgetCode(client, user.account);

    expectError(
      await forget({ ...reset(user.account, code), repassword: thirdPassword }, client),
      'password_mismatch',
      en.errors.password_mismatch,
    );
    expectError(
      await forget(reset(user.account, code, 'weak'), client),
      'password_weak',
      en.errors.password_weak,
    );
    expectError(
      await forget(reset(user.account, code, 'nodigitshere'), client),
      'password_weak',
      en.errors.password_weak,
    );
    expectOk(await login(user.account, user.password));
    expect(await isLive(user.token)).toBe(true);

    expectOk(await forget(reset(user.account, code), client));
    expectOk(await login(user.account, newPassword));
  });

  it('asks for missing fields', async () => {
    const client = new ApiClient(server.url);
    const cases: [Record<string, string>, string][] = [
      [{ code: '123456', password: newPassword, repassword: newPassword }, 'Account is required'],
      [
        { account: newEmail(), password: newPassword, repassword: newPassword },
        'Verification code is required',
      ],
      [{ account: newEmail(), code: '123456', repassword: newPassword }, 'Password is required'],
      [
        { account: newEmail(), code: '123456', password: newPassword },
        'Repeat password is required',
      ],
    ];
    for (const [body, msg] of cases) {
      expectError(await forget(body, client), 'field_required', msg);
    }
  });
});
