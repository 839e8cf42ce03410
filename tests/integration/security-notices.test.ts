// Security notices over HTTP: each event sends exactly one mail to the account's email, in the
// account's language (the one it last signed in with, not the request's), carrying the
// anti-phishing code once one is set; an SMS too where a phone is bound. The user's own code mails
// carry the code as well. Events that change nothing worth telling (a first trade password, a
// login from a device already seen) send none. On the embedded database and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Language } from '../../schemas/languages.ts';
import { antiPhishingLine } from '../../server/mail/anti-phishing-line.ts';
import { noticeTexts } from '../../server/security/notice-texts/index.ts';
import type { Notice } from '../../server/security/notices.ts';
import { totpCodeAt } from '../../server/security/totp.ts';
import {
  goodPassword,
  lastCodeFor,
  newEmail,
  newPhone,
  type OutboxEntry,
  readOutbox,
} from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectOk } from '../support/expectations.ts';
import { ManualClock } from '../support/manual-clock.ts';

const minute = 60_000;
const antiPhishing = 'Kite42';
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';

/** The subject a notice of `kind` has in `language`. */
const subjectOf = (language: Language, kind: Notice['kind']) =>
  noticeTexts[language].kinds[kind].subject.replace('{brand}', 'Meridian');

describe.each(await eachDatabase())('security notices on %s', (...database) => {
  const clock = new ManualClock();
  const { skip, server } = serverOn(database, clock);
  const home = () => new ApiClient(server().url);
  // The requests after sign-up say English: the notices still follow the account's language.
  const en = { lang: 'en' };

  const outbox = () => readOutbox(server().dataDir);
  /** Messages to `to` sent since `from` (an index into the outbox). */
  const sentTo = async (to: string, from: number) =>
    (await outbox()).slice(from).filter((entry) => entry.to === to);

  async function register(language: Language) {
    const email = newEmail();
    const client = home();
    expectOk(await client.get('/register/sendemail', { email }, { lang: language }));
    const code = await lastCodeFor(server().dataDir, email);
    const form = { email, password: goodPassword, repassword: goodPassword, code };
    const answer = await client.post<{ token: string }>('/register/index', form, {
      lang: language,
    });
    expectOk(answer);
    return { email, token: answer.body.data.token, client };
  }

  async function emailCode(user: { email: string; token: string; client: ApiClient }) {
    clock.advance(minute);
    const sent = await user.client.post(
      '/security/sendCode',
      { type: 'email' },
      { token: user.token, ...en },
    );
    expectOk(sent);
    return lastCodeFor(server().dataDir, user.email);
  }

  /** Runs `event`, and checks it mailed exactly one notice of `kind`, and nothing else. */
  async function expectOneNotice(
    to: string,
    language: Language,
    kind: Notice['kind'],
    event: () => Promise<unknown>,
  ): Promise<OutboxEntry> {
    const from = (await outbox()).length;
    await event();
    const notices = (await sentTo(to, from)).filter((entry) => entry.code === undefined);
    expect(notices.map((entry) => entry.subject)).toEqual([subjectOf(language, kind)]);
    const [notice] = notices as [OutboxEntry];
    expect(notice.text.endsWith(antiPhishingLine(language, antiPhishing))).toBe(true);
    return notice;
  }

  describe.skipIf(skip)('each event', () => {
    it('mails one notice per event, in the account language, with the anti-phishing code', async () => {
      const user = await register('de');
      const { client, token } = user;
      const call = (path: string, fields: Record<string, string>) =>
        client.post(path, fields, { token, ...en });

      // Set: the notice already carries the new code.
      await expectOneNotice(user.email, 'de', 'anti_phishing_set', async () =>
        expectOk(
          await call('/security/antiPhishing', {
            anti_phishing_code: antiPhishing,
            email_code: await emailCode(user),
          }),
        ),
      );

      // The user's own code mails carry it too, in the request's language.
      const code = await emailCode(user);
      const codeMail = (await outbox()).filter((entry) => entry.code === code).at(-1);
      expect(codeMail?.text).toContain(antiPhishingLine('en', antiPhishing));

      // A first trade password tells nothing; changing it does.
      const trade = { password: '246810', repassword: '246810', code };
      const before = (await outbox()).length;
      expectOk(await call('/security/payPwd', trade));
      expect(await sentTo(user.email, before)).toEqual([]);
      await expectOneNotice(user.email, 'de', 'trade_password_changed', async () => {
        const change = { old_password: '246810', password: '135790', repassword: '135790' };
        expectOk(await call('/security/payPwd', change));
      });

      await expectOneNotice(user.email, 'de', 'password_changed', async () => {
        const change = {
          old_password: goodPassword,
          password: 'Changed789',
          repassword: 'Changed789',
        };
        expectOk(await call('/security/password', change));
      });

      // The authenticator, bound and unbound.
      const setup = await call('/security/totp/setup', {});
      const secret = (setup.body.data as { secret: string }).secret;
      await expectOneNotice(user.email, 'de', 'totp_bound', async () =>
        expectOk(await call('/security/totp/bind', { totp_code: totpCodeAt(secret, clock.now()) })),
      );
      clock.advance(10 * 30_000);
      await expectOneNotice(user.email, 'de', 'totp_unbound', async () => {
        const email_code = await emailCode(user);
        const totp_code = totpCodeAt(secret, clock.now());
        expectOk(await call('/security/totp/unbind', { totp_code, email_code }));
      });

      // Whitelist mode: turning it on tells nothing, turning it off does.
      const switched = (enabled: boolean, email_code?: string) =>
        client.post(
          '/security/whitelist',
          { enabled, ...(email_code ? { email_code } : {}) } as unknown as Record<string, string>,
          { token, ...en, as: 'json' },
        );
      const quiet = (await outbox()).length;
      expectOk(await switched(true));
      expect(await sentTo(user.email, quiet)).toEqual([]);
      await expectOneNotice(user.email, 'de', 'whitelist_disabled', async () =>
        expectOk(await switched(false, await emailCode(user))),
      );

      // The phone: told by mail, and by SMS to the new number, each with the code.
      const phone = newPhone();
      expectOk(await call('/security/phone/sendCode', { phone }));
      const smsCode = await lastCodeFor(server().dataDir, phone);
      const fromPhone = (await outbox()).length;
      await expectOneNotice(user.email, 'de', 'phone_bound', async () => {
        const bind = { phone, code: smsCode, email_code: await emailCode(user) };
        expectOk(await call('/security/phone/bind', bind));
      });
      const sms = await sentTo(phone, fromPhone);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.text.endsWith(antiPhishingLine('de', antiPhishing))).toBe(true);
    });

    it('tells of a login from a new device, in the language it was made in, and not of a known one', async () => {
      const user = await register('it');
      const code = await emailCode(user);
      const set = { anti_phishing_code: antiPhishing, email_code: code };
      expectOk(await user.client.post('/security/antiPhishing', set, { token: user.token, ...en }));

      // The device it registered from is known.
      const login = (userAgent: string, lang: string) =>
        home().post(
          '/login/index',
          { account: user.email, password: goodPassword },
          {
            lang,
            headers: { 'user-agent': userAgent },
          },
        );
      const known = (await outbox()).length;
      expectOk(await login('node', 'it'));
      expect(await sentTo(user.email, known)).toEqual([]);

      // A new one, in Spanish: the account now speaks Spanish, and so does the notice.
      const notice = await expectOneNotice(user.email, 'es', 'new_device_login', async () =>
        expectOk(await login(android, 'es')),
      );
      expect(notice.text).toContain('Chrome 131 on Android');
      // Once seen, the device is known.
      clock.advance(minute);
      const again = (await outbox()).length;
      expectOk(await login(android, 'es'));
      expect(await sentTo(user.email, again)).toEqual([]);
    });

    it('carries no anti-phishing line before a code is set', async () => {
      const user = await register('fr');
      const from = (await outbox()).length;
      const change = {
        old_password: goodPassword,
        password: 'Changed789',
        repassword: 'Changed789',
      };
      expectOk(await user.client.post('/security/password', change, { token: user.token, ...en }));
      const notices = await sentTo(user.email, from);
      expect(notices.map((entry) => entry.subject)).toEqual([subjectOf('fr', 'password_changed')]);
      expect(notices[0]?.text).not.toContain(antiPhishingLine('fr', '').trim());
    });
  });
});
