// Code limits under load: requests for codes sent at once mail no more than the limits allow, and
// tries of a code sent at once compare no more than five times. On the embedded database and on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { codePolicy } from '../../server/accounts/codes.ts';
import { lastCodeFor, newEmail, readOutbox, registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, numberIn, wrongCode } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();
afterAll(() => postgres?.drop());

const en = catalogues.en;
const newPassword = 'Changed789';

const count = (answers: Answer[], name: ErrorName | 'ok') =>
  answers.filter((answer) => answer.body.code === (name === 'ok' ? 200 : errorCodes[name])).length;

describe.each([
  { name: 'the embedded database', databaseUrl: undefined },
  { name: 'PostgreSQL', databaseUrl: postgres?.url },
])('code limits on $name', ({ name, databaseUrl }) => {
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
  const client = () => new ApiClient(running().url);
  const mailsTo = async (to: string) =>
    (await readOutbox(running().dataDir)).filter((entry) => entry.to === to);

  describe.skipIf(unavailable)('sending', () => {
    it('mails one code for 20 requests for one address sent at once', async () => {
      const email = newEmail();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => client().get('/register/sendemail', { email })),
      );
      expect(count(answers, 'ok')).toBe(1);
      expect(count(answers, 'code_too_frequent')).toBe(19);
      for (const refused of answers.filter((answer) => answer.body.code !== 200)) {
        const seconds = numberIn(refused.body.msg, en.errors.code_too_frequent, 'seconds');
        expect(seconds).toBeLessThanOrEqual(codePolicy.resendMs / 1000);
      }
      expect(await mailsTo(email)).toHaveLength(1);

      // The one code sent is the live one, and the next may be asked for a minute later.
      const code = await lastCodeFor(running().dataDir, email);
      const form = { email, password: newPassword, repassword: newPassword, code };
      expectOk(await client().post('/register/index', form));
    });

    it('mails one security code for 20 requests of a logged-in user sent at once', async () => {
      const user = await registerUser(client(), running().dataDir);
      const before = (await mailsTo(user.account)).length;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          client().post('/security/sendCode', { type: 'email' }, { token: user.token }),
        ),
      );
      expect(count(answers, 'ok')).toBe(1);
      expect(count(answers, 'code_too_frequent')).toBe(19);
      expect(await mailsTo(user.account)).toHaveLength(before + 1);
    });

    it('mails at most the hourly limit of one address, however many it asks for at once', async () => {
      const asker = client();
      const emails = Array.from({ length: codePolicy.perAddressPerHour + 10 }, newEmail);
      const answers = await Promise.all(
        emails.map((email) => asker.get('/register/sendemail', { email })),
      );
      expect(count(answers, 'ok')).toBe(codePolicy.perAddressPerHour);
      expect(count(answers, 'rate_limited')).toBe(10);
      const mailed = new Set((await readOutbox(running().dataDir)).map((entry) => entry.to));
      expect(emails.filter((email) => mailed.has(email))).toHaveLength(
        codePolicy.perAddressPerHour,
      );

      // A refused request used up nothing of its destination: it gets a code from elsewhere.
      const refused = emails.find((email) => !mailed.has(email)) ?? '';
      expectOk(await client().get('/register/sendemail', { email: refused }));
    });

    it('mails at most the daily limit of one destination, one code a minute', async () => {
      const email = newEmail();
      for (let sent = 0; sent < codePolicy.perDestinationPerDay; sent++) {
        const burst = await Promise.all(
          Array.from({ length: 5 }, () => client().get('/register/sendemail', { email })),
        );
        expect(count(burst, 'ok')).toBe(1);
        clock.advance(codePolicy.resendMs);
      }
      expectError(await client().get('/register/sendemail', { email }), 'code_daily_limit');
      expect(await mailsTo(email)).toHaveLength(codePolicy.perDestinationPerDay);
    });
  });

  describe.skipIf(unavailable)('trying', () => {
    async function recoveryCode(account: string): Promise<string> {
      expectOk(await client().get('/register/sendemail', { email: account, scene: 'forget' }));
      return lastCodeFor(running().dataDir, account);
    }
    const reset = (account: string, code: string) =>
      client().post('/login/forget', {
        account,
        code,
        password: newPassword,
        repassword: newPassword,
      });

    it('kills a code after five of 30 wrong tries sent at once, even for the right one', async () => {
      const user = await registerUser(client(), running().dataDir);
      const code = await recoveryCode(user.account);
      const tries = await Promise.all(
        Array.from({ length: 30 }, () => reset(user.account, wrongCode(code))),
      );
      expect(count(tries, 'code_invalid')).toBe(codePolicy.maxAttempts - 1);
      expect(count(tries, 'code_attempts_exceeded')).toBe(30 - (codePolicy.maxAttempts - 1));
      expectError(await reset(user.account, code), 'code_attempts_exceeded');
      expectOk(
        await client().post('/login/index', { account: user.account, password: user.password }),
      );
    });

    it('compares only the first five of 20 tries sent at once, and uses the code once', async () => {
      const user = await registerUser(client(), running().dataDir);
      const code = await recoveryCode(user.account);
      const tries = await Promise.all(Array.from({ length: 20 }, () => reset(user.account, code)));
      // Five were compared: one used the code, four found it used; the other fifteen were refused
      // without a comparison.
      expect(count(tries, 'ok')).toBe(1);
      expect(count(tries, 'code_invalid')).toBe(codePolicy.maxAttempts - 1);
      expect(count(tries, 'code_attempts_exceeded')).toBe(20 - codePolicy.maxAttempts);
      expectOk(
        await client().post('/login/index', { account: user.account, password: newPassword }),
      );
    });
  });
});
