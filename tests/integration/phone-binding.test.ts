// Phone binding over HTTP: an SMS code to the new number, the code sent to the account's email and,
// with an authenticator bound, its code; the phone changes, withdrawals wait out the hold, and the
// owner is told at the email and at the old and new numbers. A number that is the user's already or
// another account's is refused, and so is every wrong code, with nothing changed. On the embedded
// database and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/security/totp.ts';
import {
  lastCodeFor,
  newPhone,
  type RegisteredUser,
  readOutbox,
  registerUser,
} from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk, wrongCode } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';

const minute = 60_000;
const hour = 3_600_000;

describe.each(await eachDatabase())('phone binding on %s', (...database) => {
  const clock = new ManualClock();
  const { skip, server } = serverOn(database, clock);
  const client = () => new ApiClient(server().url);

  const sendPhoneCode = (user: RegisteredUser, phone: string) =>
    client().post('/security/phone/sendCode', { phone }, { token: user.token });
  /** Sends both codes (the SMS to `phone`, the email to the account) and answers them. */
  async function codes(user: RegisteredUser, phone: string) {
    expectOk(await sendPhoneCode(user, phone));
    expectOk(await client().post('/security/sendCode', { type: 'email' }, { token: user.token }));
    const dataDir = server().dataDir;
    return {
      code: await lastCodeFor(dataDir, phone),
      email_code: await lastCodeFor(dataDir, user.account),
    };
  }
  const bind = (user: RegisteredUser, fields: Record<string, string>) =>
    client().post('/security/phone/bind', fields, { token: user.token });
  const userRow = (userId: number) =>
    server()
      .db.selectFrom('users')
      .select(['phone', 'withdraw_hold_until', 'withdraw_hold_reason'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const messagesTo = async (to: string) =>
    (await readOutbox(server().dataDir)).filter((entry) => entry.to === to);

  describe.skipIf(skip)('binding', () => {
    it('binds with the SMS code and the email code, holds withdrawals and tells the owner', async () => {
      const user = await registerUser(client(), server().dataDir);
      const phone = newPhone();
      const sent = await codes(user, phone);
      expectOk(await bind(user, { phone, ...sent }));
      expect(await userRow(user.userId)).toEqual({
        phone,
        withdraw_hold_until: new Date(clock.now().getTime() + 24 * hour),
        withdraw_hold_reason: 'phone',
      });
      // One notice by mail, one by SMS to the new number after its code.
      const mails = await messagesTo(user.account);
      expect(mails.at(-1)?.subject).toMatch(/phone number changed/);
      const sms = await messagesTo(phone);
      expect(sms).toHaveLength(2);
      expect(sms[1]?.text).toContain(phone.slice(0, 4));
      // A code is used once.
      clock.advance(minute);
      expectError(await bind(user, { phone: newPhone(), ...sent }), 'code_invalid');
    });

    it('changes a bound phone, telling the old number too', async () => {
      const user = await registerUser(client(), server().dataDir);
      const first = newPhone();
      expectOk(await bind(user, { phone: first, ...(await codes(user, first)) }));
      clock.advance(2 * minute);
      const second = newPhone();
      expectOk(await bind(user, { phone: second, ...(await codes(user, second)) }));
      expect((await userRow(user.userId)).phone).toBe(second);
      const toOld = await messagesTo(first);
      expect(toOld.at(-1)?.subject).toMatch(/phone number changed/);
      expect(toOld.at(-1)?.text).toContain(second.slice(0, 4));
    });

    it("refuses the user's own number and another account's, sending nothing", async () => {
      const alice = await registerUser(client(), server().dataDir);
      const bob = await registerUser(client(), server().dataDir);
      const phone = newPhone();
      expectOk(await bind(alice, { phone, ...(await codes(alice, phone)) }));
      clock.advance(2 * minute);
      const before = (await messagesTo(phone)).length;
      expectError(await sendPhoneCode(alice, phone), 'phone_same');
      expectError(await sendPhoneCode(bob, phone), 'phone_taken');
      expect(await messagesTo(phone)).toHaveLength(before);
      const fields = { phone, code: '123456', email_code: '123456' };
      expectError(await bind(bob, fields), 'phone_taken');
      expectError(await bind(alice, fields), 'phone_same');
      // A number another account signs in with is taken as well.
      const carol = newPhone();
      expectOk(await client().get('/register/sendsms', { phone: carol }));
      const code = await lastCodeFor(server().dataDir, carol);
      const password = 'Secret123';
      const form = { phone: carol, password, repassword: password, code };
      expectOk(await client().post('/register/index', form));
      expectError(await sendPhoneCode(bob, carol), 'phone_taken');
      expect((await userRow(bob.userId)).phone).toBeNull();
    });

    it('refuses wrong codes and bad numbers, and changes nothing', async () => {
      const user = await registerUser(client(), server().dataDir);
      const phone = newPhone();
      const sent = await codes(user, phone);
      expectError(await bind(user, { ...sent, phone, code: wrongCode(sent.code) }), 'code_invalid');
      expectError(
        await bind(user, { ...sent, phone, email_code: wrongCode(sent.email_code) }),
        'code_invalid',
      );
      // The SMS code is for the number it was sent to.
      expectError(await bind(user, { ...sent, phone: newPhone() }), 'code_invalid');
      for (const bad of ['12345', '+0123456789', '447700900123', '+44 7700 900123']) {
        expectError(await bind(user, { ...sent, phone: bad }), 'field_invalid');
        expectError(await sendPhoneCode(user, bad), 'field_invalid');
      }
      expectError(await bind(user, { phone, code: sent.code }), 'field_required');
      expect(await userRow(user.userId)).toEqual({
        phone: null,
        withdraw_hold_until: null,
        withdraw_hold_reason: null,
      });
      // The codes were not spent by the refusals: the right ones still bind.
      expectOk(await bind(user, { phone, ...sent }));
    });

    it('asks for the authenticator where one is bound, and takes no recovery code', async () => {
      const user = await registerUser(client(), server().dataDir);
      const setup = await client().post<{ secret: string }>(
        '/security/totp/setup',
        {},
        { token: user.token },
      );
      expectOk(setup);
      const { secret } = setup.body.data;
      const bound = await client().post<{ recovery_codes: string[] }>(
        '/security/totp/bind',
        { totp_code: totpCodeAt(secret, clock.now()) },
        { token: user.token },
      );
      expectOk(bound);
      clock.advance(10 * 30_000);
      const phone = newPhone();
      const sent = await codes(user, phone);
      expectError(await bind(user, { phone, ...sent }), 'two_factor_required');
      const recovery = bound.body.data.recovery_codes[0] ?? '';
      expectError(
        await bind(user, { phone, ...sent, recovery_code: recovery }),
        'two_factor_required',
      );
      const wrong = wrongCode(totpCodeAt(secret, clock.now()));
      expectError(await bind(user, { phone, ...sent, totp_code: wrong }), 'totp_invalid');
      expect((await userRow(user.userId)).phone).toBeNull();
      expectOk(await bind(user, { phone, ...sent, totp_code: totpCodeAt(secret, clock.now()) }));
      expect((await userRow(user.userId)).phone).toBe(phone);
    });
  });
});
