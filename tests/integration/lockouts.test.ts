// Password guessing under load: guesses sent at once check no more passwords than the limits allow,
// a lock-out caused from one address leaves the owner's other addresses alone, and the slow
// account-wide limit tells the owner by mail, in the account's language with its anti-phishing code.
// On the embedded database and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorName } from '../../schemas/errors.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { codePolicy } from '../../server/accounts/codes.ts';
import { loginGuardPolicy, tradeGuardPolicy } from '../../server/accounts/login-guard.ts';
import { antiPhishingLine } from '../../server/mail/anti-phishing-line.ts';
import { noticeTexts } from '../../server/security/notice-texts/index.ts';
import { untilText } from '../../server/security/withdraw-hold.ts';
import {
  goodPassword,
  lastCodeFor,
  newEmail,
  type RegisteredUser,
  readOutbox,
  registerUser,
} from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, numberIn } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { sendWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const postgres = await createTestDatabase();
afterAll(() => postgres?.drop());

const en = catalogues.en;
const tradePassword = '246810';
const newPassword = 'Changed789';

/** How many answers carried each error code (200 for success). */
function tally(answers: Answer[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const answer of answers)
    counts.set(answer.body.code, (counts.get(answer.body.code) ?? 0) + 1);
  return counts;
}

const count = (answers: Answer[], name: ErrorName) => tally(answers).get(errorCodes[name]) ?? 0;

describe.each([
  { name: 'the embedded database', databaseUrl: undefined },
  { name: 'PostgreSQL', databaseUrl: postgres?.url },
])('lock-outs on $name', ({ name, databaseUrl }) => {
  const unavailable = name === 'PostgreSQL' && databaseUrl === undefined;
  const clock = new ManualClock();
  let server: InProcessServer | undefined;
  beforeAll(async () => {
    if (!unavailable) {
      server = await startInProcessServer(clock, withoutWithdrawHolds, databaseUrl);
    }
  }, 120_000);
  afterAll(() => server?.stop());

  const running = (): InProcessServer => {
    if (!server) throw new Error('the server did not start');
    return server;
  };
  const client = () => new ApiClient(running().url);
  const login = (from: ApiClient, account: string, password: string) =>
    from.post('/login/index', { account, password });
  const noticesTo = async (to: string, subject: RegExp) =>
    (await readOutbox(running().dataDir)).filter(
      (entry) => entry.to === to && subject.test(entry.subject),
    );

  /** A user with a trade password and 100 USDT, registered from `home`. */
  async function trader(home: ApiClient): Promise<RegisteredUser> {
    const user = await registerUser(home, running().dataDir);
    expectOk(await home.post('/security/sendCode', { type: 'email' }, { token: user.token }));
    const code = await lastCodeFor(running().dataDir, user.account);
    const body = { password: tradePassword, repassword: tradePassword, code };
    expectOk(await home.post('/security/payPwd', body, { token: user.token }));
    const deposit = { account: user.account, asset: 'USDT', amount: '100', chain: 'TRC20' };
    expect((await callOperator(running(), 'deposit', deposit)).status).toBe(200);
    return user;
  }

  /** A withdrawal; the guesses are refused at the trade password, before any email code. */
  const withdraw = (from: ApiClient, token: string, password: string, email_code?: string) =>
    from.post(
      '/wallet/withdraw',
      {
        asset: 'USDT',
        chain: 'TRC20',
        address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        amount: '20',
        trade_password: password,
        ...(email_code === undefined ? {} : { email_code }),
      },
      { token, headers: { 'idempotency-key': randomUUID() } },
    );
  /** The owner's withdrawal, confirmed with a code sent to their email. */
  const ownersWithdrawal = async (home: ApiClient, owner: RegisteredUser, password: string) =>
    withdraw(home, owner.token, password, await sendWithdrawCode(home, running().dataDir, owner));

  describe.skipIf(unavailable)('login', () => {
    const { perAccountAndAddress, perAccount } = loginGuardPolicy;

    it('checks at most the per-address limit of 300 guesses sent at once, and the owner still logs in elsewhere', async () => {
      const owner = await registerUser(client(), running().dataDir);
      const attacker = client();
      const guesses = await Promise.all(
        Array.from({ length: 300 }, (_, i) => login(attacker, owner.account, `Wrong${i}pass`)),
      );
      // Each checked guess answers login_failed; a refused one was never checked.
      expect(count(guesses, 'login_failed')).toBe(perAccountAndAddress.max);
      expect(count(guesses, 'login_locked')).toBe(300 - perAccountAndAddress.max);

      // From the attacker's address even the right password is refused, unchecked…
      const locked = await login(attacker, owner.account, owner.password);
      expectError(locked, 'login_locked');
      const minutes = numberIn(locked.body.msg, en.errors.login_locked, 'minutes');
      expect(minutes).toBeLessThanOrEqual(perAccountAndAddress.windowMs / 60_000);
      // …while the owner logs in from an address never seen before, and no notice went out.
      expectOk(await login(client(), owner.account, owner.password));
      expect(await noticesTo(owner.account, /wrong passwords/)).toHaveLength(0);
    });

    it('trips the account-wide limit once across addresses, tells the owner, and spares their own addresses', async () => {
      const home = client();
      const owner = await registerUser(home, running().dataDir);
      const attackers = Array.from({ length: 12 }, () => client());
      const guesses = await Promise.all(
        attackers.flatMap((attacker) =>
          Array.from({ length: 10 }, (_, i) => login(attacker, owner.account, `Wrong${i}pass`)),
        ),
      );
      expect(count(guesses, 'login_failed')).toBe(perAccount.max);
      expect(count(guesses, 'login_locked')).toBe(guesses.length - perAccount.max);

      const notices = await noticesTo(owner.account, /wrong passwords/);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.text).toContain(`refused ${perAccount.max} wrong login passwords`);
      expect(notices[0]?.text).toContain('Forgot password');

      // A fresh address is held by the account-wide limit; the address the owner used is not.
      expectError(await login(client(), owner.account, owner.password), 'login_locked');
      expectOk(await login(home, owner.account, owner.password));

      // Resetting the password by an emailed code lifts the account-wide limit at once.
      const traveller = client();
      const scene = { email: owner.account, scene: 'forget' };
      expectOk(await traveller.get('/register/sendemail', scene));
      const code = await lastCodeFor(running().dataDir, owner.account);
      const reset = {
        account: owner.account,
        code,
        password: newPassword,
        repassword: newPassword,
      };
      expectOk(await traveller.post('/login/forget', reset));
      expectOk(await login(traveller, owner.account, newPassword));
      expect(await noticesTo(owner.account, /wrong passwords/)).toHaveLength(1);
    });

    it("tells the owner in the account's language with its anti-phishing code, not in the guesses' language", async () => {
      // Opened in Polish, with an anti-phishing code set.
      const home = client();
      const account = newEmail();
      const polish = { lang: 'bl' };
      expectOk(await home.get('/register/sendemail', { email: account }, polish));
      const form = {
        email: account,
        password: goodPassword,
        repassword: goodPassword,
        code: await lastCodeFor(running().dataDir, account),
      };
      const registered = await home.post<{ token: string }>('/register/index', form, polish);
      expectOk(registered);
      const { token } = registered.body.data;
      clock.advance(codePolicy.resendMs); // the sign-up's code is recent
      expectOk(await home.post('/security/sendCode', { type: 'email' }, { token, ...polish }));
      const email_code = await lastCodeFor(running().dataDir, account);
      const antiPhishing = { anti_phishing_code: 'Kite42', email_code };
      expectOk(await home.post('/security/antiPhishing', antiPhishing, { token, ...polish }));

      const attackers = Array.from({ length: 7 }, () => client());
      await Promise.all(
        attackers.flatMap((attacker) =>
          Array.from({ length: 5 }, (_, i) =>
            attacker.post('/login/index', { account, password: `Wrong${i}pass` }, { lang: 'en' }),
          ),
        ),
      );

      const polishTexts = noticeTexts.bl.kinds.login_guesses_blocked;
      const subject = polishTexts.subject.replace('{brand}', 'Meridian');
      const notices = (await readOutbox(running().dataDir)).filter(
        (entry) => entry.to === account && entry.subject === subject,
      );
      expect(notices).toHaveLength(1);
      const text = notices[0]?.text ?? '';
      const now = clock.now().getTime();
      const until = new Date(now - (now % perAccount.windowMs) + perAccount.windowMs);
      expect(text).toContain(`: ${perAccount.max} w ciągu ${perAccount.windowMs / 60_000} min.`);
      expect(text).toContain(`Do ${untilText(until)} logowanie jest zablokowane`);
      expect(text).toContain('„Nie pamiętam hasła”');
      expect(text.endsWith(`\n\n${antiPhishingLine('bl', 'Kite42')}`)).toBe(true);
      expect(await noticesTo(account, /wrong passwords/)).toHaveLength(0);
    });

    it('lets the account-wide limit lapse with its window', async () => {
      const owner = await registerUser(client(), running().dataDir);
      const attackers = Array.from({ length: 7 }, () => client());
      await Promise.all(
        attackers.flatMap((attacker) =>
          Array.from({ length: 5 }, () => login(attacker, owner.account, 'Wrong1234')),
        ),
      );
      expectError(await login(client(), owner.account, owner.password), 'login_locked');
      clock.advance(perAccount.windowMs);
      expectOk(await login(client(), owner.account, owner.password));
    });

    it('lets a burst of right passwords from one address through: they wait on each other', async () => {
      const owner = await registerUser(client(), running().dataDir);
      const phone = client();
      const logins = await Promise.all(
        Array.from({ length: 4 * perAccountAndAddress.max }, () =>
          login(phone, owner.account, owner.password),
        ),
      );
      expect(count(logins, 'login_locked')).toBe(0);
      for (const answer of logins) expectOk(answer);
      expect(await noticesTo(owner.account, /wrong passwords/)).toHaveLength(0);
    });

    it('does not count a right password, so the owner may log in as often as they like', async () => {
      const owner = await registerUser(client(), running().dataDir);
      const phone = client();
      for (let i = 0; i < perAccountAndAddress.max * 2; i++) {
        expectOk(await login(phone, owner.account, goodPassword));
      }
      for (let i = 0; i < perAccountAndAddress.max; i++) {
        expectError(await login(phone, owner.account, 'Wrong1234'), 'login_failed');
      }
      expectError(await login(phone, owner.account, goodPassword), 'login_locked');
    });
  });

  describe.skipIf(unavailable)('trade password', () => {
    const { perAccountAndAddress, perAccount } = tradeGuardPolicy;

    it('checks at most the limit of 200 withdrawals sent at once with a stolen session', async () => {
      const home = client();
      const owner = await trader(home);
      const thief = client();
      const guesses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          withdraw(thief, owner.token, String(100000 + i).padStart(6, '0')),
        ),
      );
      expect(count(guesses, 'trade_password_wrong')).toBe(perAccountAndAddress.max);
      expect(count(guesses, 'trade_password_locked')).toBe(200 - perAccountAndAddress.max);

      const refused = await withdraw(thief, owner.token, tradePassword);
      expectError(refused, 'trade_password_locked');
      numberIn(refused.body.msg, en.errors.trade_password_locked, 'minutes');
      // The owner, at home, withdraws; the login password was never in question.
      expectOk(await ownersWithdrawal(home, owner, tradePassword));
      expectOk(await login(home, owner.account, owner.password));
    });

    it('trips the account-wide limit, tells the owner, and lifts it when they set a new one by code', async () => {
      const home = client();
      const owner = await trader(home);
      const thieves = Array.from({ length: 8 }, () => client());
      const guesses = await Promise.all(
        thieves.flatMap((thief) =>
          Array.from({ length: 25 }, (_, i) =>
            withdraw(thief, owner.token, `9${i}`.padEnd(6, '7')),
          ),
        ),
      );
      expect(count(guesses, 'trade_password_wrong')).toBe(perAccount.max);
      expect(count(guesses, 'trade_password_locked')).toBe(guesses.length - perAccount.max);

      const notices = await noticesTo(owner.account, /wrong trade passwords/);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.text).toContain(`refused ${perAccount.max} wrong trade passwords`);

      // Nobody gets past this limit, the owner included, until they prove themselves by code.
      expectError(await withdraw(home, owner.token, tradePassword), 'trade_password_locked');
      const changed = '135790';
      clock.advance(codePolicy.resendMs); // the code that set the first trade password is recent
      expectOk(await home.post('/security/sendCode', { type: 'email' }, { token: owner.token }));
      const code = await lastCodeFor(running().dataDir, owner.account);
      const body = { password: changed, repassword: changed, code };
      expectOk(await home.post('/security/payPwd', body, { token: owner.token }));
      expectOk(await ownersWithdrawal(home, owner, changed));
    });

    it('counts wrong current trade passwords in /security/payPwd against the same lock', async () => {
      const home = client();
      const owner = await trader(home);
      const thief = client();
      const change = (old_password: string) =>
        thief.post(
          '/security/payPwd',
          { old_password, password: '573920', repassword: '573920' },
          { token: owner.token },
        );
      const guesses = await Promise.all(Array.from({ length: 50 }, () => change('999999')));
      expect(count(guesses, 'old_password_wrong')).toBe(perAccountAndAddress.max);
      expect(count(guesses, 'trade_password_locked')).toBe(50 - perAccountAndAddress.max);
      expectError(await withdraw(thief, owner.token, tradePassword), 'trade_password_locked');
      expectOk(await ownersWithdrawal(home, owner, tradePassword));
    });
  });
});
