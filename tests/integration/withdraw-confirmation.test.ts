// Withdrawals confirmed as large exchanges confirm them, over HTTP with the default holds: the email
// code, the authenticator's code or a passkey once one is bound, the address hold (on addresses
// added to the book and on fresh ones, which the withdrawal saves), whitelist mode, the hold after
// a password change, and a retry with the same Idempotency-Key answered from what was kept. Every
// refusal names its reason (and until when) and freezes nothing. On the embedded database and on
// PostgreSQL, the clock moved by hand.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { ErrorName } from '../../schemas/errors.ts';
import { localize, type MessageParams } from '../../schemas/messages/index.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { untilText } from '../../server/security/withdraw-hold.ts';
import { lastCodeFor, type RegisteredUser, readOutbox, registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk, wrongCode } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';
import { ManualClock } from '../support/manual-clock.ts';
import {
  type CreationOptions,
  type RequestOptions,
  SoftAuthenticator,
} from '../support/soft-authenticator.ts';
import { sendWithdrawCode } from '../support/withdraw-proof.ts';

const hour = 3_600_000;
/** The default address and security holds. */
const hold = 24 * hour;
const tradePassword = '246810';
const tronAddress = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const otherTronAddress = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ethereumAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

interface WithdrawalView {
  id: number;
  status: string;
  amount: string;
  fee: string;
}

describe.each(await eachDatabase())('withdrawal confirmation on %s', (...database) => {
  const clock = new ManualClock();
  // A small book, to fill it in a test.
  const { skip, server } = serverOn(database, clock, { ADDRESS_BOOK_MAX_ENTRIES: '2' });
  const client = () => new ApiClient(server().url);
  const dataDir = () => server().dataDir;

  /** A user with a trade password and 100 USDT in funding. */
  async function trader(): Promise<RegisteredUser> {
    const user = await registerUser(client(), dataDir());
    expectOk(await client().post('/security/sendCode', { type: 'email' }, { token: user.token }));
    const code = await lastCodeFor(dataDir(), user.account);
    const body = { password: tradePassword, repassword: tradePassword, code };
    expectOk(await client().post('/security/payPwd', body, { token: user.token }));
    await creditUser(server().db, user.userId, 'USDT', '100');
    return user;
  }

  const addAddress = (user: RegisteredUser, address = tronAddress) =>
    client().post<{ id: number; created_at: string }>(
      '/wallet/addressAdd',
      { asset: 'USDT', chain: 'TRC20', address },
      { token: user.token },
    );

  /** A withdrawal code sent as the app asks for one; a minute on, so none is too soon. */
  const withdrawCode = (user: RegisteredUser) => {
    clock.advance(61_000);
    return sendWithdrawCode(client(), dataDir(), user);
  };

  const withdraw = (user: RegisteredUser, extra: Record<string, unknown>, key = randomUUID()) =>
    client().post<WithdrawalView>(
      '/wallet/withdraw',
      {
        asset: 'USDT',
        chain: 'TRC20',
        address: tronAddress,
        amount: '50',
        trade_password: tradePassword,
        ...extra,
      } as Record<string, string>,
      // JSON, as the app sends a body with a passkey's nested answer.
      { token: user.token, as: 'json', headers: { 'idempotency-key': key } },
    );

  const funding = async (user: RegisteredUser) => {
    const answer = await client().get<{
      balances: { wallet: string; asset: string; available: string; frozen: string }[];
    }>('/wallet/balances', {}, { token: user.token });
    const usdt = answer.body.data.balances.find(
      (b) => b.wallet === 'funding' && b.asset === 'USDT',
    );
    return { available: usdt?.available ?? '0', frozen: usdt?.frozen ?? '0' };
  };

  const withdrawalRows = (user: RegisteredUser) =>
    server()
      .db.selectFrom('withdrawals')
      .select(['id', 'status', 'second_factor'])
      .where('user_id', '=', user.userId)
      .execute();

  /** Refused for `name` with its message in English, and nothing frozen or written. */
  async function expectRefused(
    user: RegisteredUser,
    answer: Answer,
    name: ErrorName,
    params: MessageParams = {},
  ) {
    expectError(answer, name, localize('en', name, params));
    expect(await funding(user)).toEqual({ available: '100', frozen: '0' });
    expect(await withdrawalRows(user)).toEqual([]);
    expect(await auditLedger(server().db)).toEqual([]);
  }

  /** Accepted, with amount and fee frozen and the owner told. */
  async function expectWithdrawn(user: RegisteredUser, answer: Answer<WithdrawalView>) {
    expectOk(answer);
    expect(answer.body.data).toMatchObject({ status: 'pending', amount: '50', fee: '1' });
    expect(await funding(user)).toEqual({ available: '49', frozen: '51' });
    expect(await auditLedger(server().db)).toEqual([]);
    const told = (await readOutbox(dataDir())).filter((entry) => entry.to === user.account);
    expect(told.at(-1)?.subject).toBe('Meridian: withdrawal requested');
    expect(told.at(-1)?.text).toContain(`50 USDT to ${tronAddress}`);
  }

  /** A trader whose book has had the usual address for longer than the hold. */
  async function traderWithAddress(): Promise<RegisteredUser> {
    const user = await trader();
    expectOk(await addAddress(user));
    clock.advance(hold);
    return user;
  }

  describe.skipIf(skip)('the email code', () => {
    it('is required, must be right, and confirms the withdrawal once', async () => {
      const user = await traderWithAddress();
      await expectRefused(user, await withdraw(user, {}), 'withdraw_code_required');
      const code = await withdrawCode(user);
      await expectRefused(
        user,
        await withdraw(user, { email_code: wrongCode(code) }),
        'code_invalid',
      );
      // A code of another purpose confirms no withdrawal.
      clock.advance(61_000);
      expectOk(await client().post('/security/sendCode', { type: 'email' }, { token: user.token }));
      const securityCode = await lastCodeFor(dataDir(), user.account);
      await expectRefused(user, await withdraw(user, { email_code: securityCode }), 'code_invalid');

      await expectWithdrawn(user, await withdraw(user, { email_code: code }));
      expect(await withdrawalRows(user)).toMatchObject([{ second_factor: null }]);
      // Used up: the same code does not confirm another.
      const again = await withdraw(user, { email_code: code });
      expectError(again, 'code_invalid');
      expect(await funding(user)).toEqual({ available: '49', frozen: '51' });
    });
  });

  describe.skipIf(skip)('the authenticator', () => {
    it('once bound, its code is required beside the email code', async () => {
      const user = await traderWithAddress();
      const setup = await client().post<{ secret: string }>(
        '/security/totp/setup',
        {},
        { token: user.token },
      );
      expectOk(setup);
      const totp = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret) });
      const totpNow = () => totp.generate({ timestamp: clock.now().getTime() });
      const bound = await client().post(
        '/security/totp/bind',
        { totp_code: totpNow() },
        { token: user.token },
      );
      expectOk(bound);
      // Binding it pauses withdrawals for the hold, which is the next test's subject.
      clock.advance(hold);

      const email_code = await withdrawCode(user);
      await expectRefused(
        user,
        await withdraw(user, { email_code }),
        'withdraw_second_factor_required',
      );
      await expectRefused(
        user,
        await withdraw(user, { email_code, totp_code: wrongCode(totpNow()) }),
        'totp_invalid',
      );
      await expectWithdrawn(user, await withdraw(user, { email_code, totp_code: totpNow() }));
      expect(await withdrawalRows(user)).toMatchObject([{ second_factor: 'totp' }]);
    });
  });

  describe.skipIf(skip)('the address hold', () => {
    it('refuses an address added less than the hold ago, and takes it once the hold has passed', async () => {
      const user = await trader();
      const added = await addAddress(user);
      expectOk(added);
      const usable = new Date(Date.parse(added.body.data.created_at) + hold);
      const notice = (await readOutbox(dataDir())).filter((e) => e.to === user.account).at(-1);
      expect(notice?.subject).toBe('Meridian: new withdrawal address');
      expect(notice?.text).toContain(`It can receive withdrawals from ${untilText(usable)}`);

      clock.advance(hold - 5 * 60_000);
      const email_code = await withdrawCode(user);
      await expectRefused(user, await withdraw(user, { email_code }), 'withdraw_address_on_hold', {
        until: untilText(usable),
      });
      clock.advance(5 * 60_000);
      await expectWithdrawn(user, await withdraw(user, { email_code }));
    });

    it('saves a new address to the book, refuses it until the hold has passed, then takes it', async () => {
      const user = await trader();
      const email_code = await withdrawCode(user);
      const usable = new Date(clock.now().getTime() + hold);
      const fresh = await withdraw(user, { email_code, address: otherTronAddress });
      await expectRefused(user, fresh, 'withdraw_address_on_hold', { until: untilText(usable) });
      const book = await client().get<{ list: { address: string; created_at: string }[] }>(
        '/wallet/addresses',
        {},
        { token: user.token },
      );
      expect(book.body.data.list).toMatchObject([{ address: otherTronAddress }]);
      const notice = (await readOutbox(dataDir())).filter((e) => e.to === user.account).at(-1);
      expect(notice?.subject).toBe('Meridian: new withdrawal address');
      expect(notice?.text).toContain(otherTronAddress);
      // Asking again neither restarts its hold nor adds it twice.
      clock.advance(hour);
      const again = await withdraw(user, { email_code, address: otherTronAddress });
      await expectRefused(user, again, 'withdraw_address_on_hold', { until: untilText(usable) });

      clock.advance(hold - hour);
      const later = await withdraw(user, {
        email_code: await withdrawCode(user),
        address: otherTronAddress,
      });
      expectOk(later);
      expect(await funding(user)).toEqual({ available: '49', frozen: '51' });
      const after = await client().get<{ list: unknown[] }>(
        '/wallet/addresses',
        {},
        { token: user.token },
      );
      expect(after.body.data.list).toHaveLength(1);
    });
  });

  describe.skipIf(skip)('a new address and a full book', () => {
    it('refuses the withdrawal as the book is full, and saves nothing', async () => {
      const user = await traderWithAddress();
      const erc20 = { asset: 'USDT', chain: 'ERC20', address: ethereumAddress };
      expectOk(await client().post('/wallet/addressAdd', erc20, { token: user.token }));
      const email_code = await withdrawCode(user);
      const fresh = await withdraw(user, { email_code, address: otherTronAddress });
      await expectRefused(user, fresh, 'address_book_full', { count: 2 });
      const book = await client().get<{ list: unknown[] }>(
        '/wallet/addresses',
        {},
        { token: user.token },
      );
      expect(book.body.data.list).toHaveLength(2);
    });
  });

  describe.skipIf(skip)('whitelist mode', () => {
    it('refuses an address outside the book and leaves the book alone; takes one in it', async () => {
      const user = await traderWithAddress();
      const on = { enabled: true } as unknown as Record<string, string>;
      expectOk(await client().post('/security/whitelist', on, { token: user.token, as: 'json' }));
      const email_code = await withdrawCode(user);
      const outside = await withdraw(user, { email_code, address: otherTronAddress });
      await expectRefused(user, outside, 'withdraw_address_not_whitelisted');
      const book = await client().get<{ list: { address: string }[] }>(
        '/wallet/addresses',
        {},
        { token: user.token },
      );
      expect(book.body.data.list.map((entry) => entry.address)).toEqual([tronAddress]);
      await expectWithdrawn(user, await withdraw(user, { email_code }));
    });
  });

  describe.skipIf(skip)('the security hold', () => {
    it('pauses withdrawals for the hold after a password change, then lets them through', async () => {
      const user = await traderWithAddress();
      const changed = await client().post(
        '/security/password',
        { old_password: user.password, password: 'Changed789', repassword: 'Changed789' },
        { token: user.token },
      );
      expectOk(changed);
      const until = new Date(clock.now().getTime() + hold);
      const email_code = await withdrawCode(user);
      await expectRefused(user, await withdraw(user, { email_code }), 'withdraw_security_hold', {
        until: untilText(until),
      });
      clock.advance(hold);
      await expectWithdrawn(user, await withdraw(user, { email_code: await withdrawCode(user) }));
    });
  });

  describe.skipIf(skip)('a passkey', () => {
    it('once added, confirms a withdrawal in the authenticator’s place', async () => {
      const user = await traderWithAddress();
      const authenticator = new SoftAuthenticator();
      const options = await client().post<{ challenge_id: string; options: CreationOptions }>(
        '/security/passkey/options',
        {},
        { token: user.token },
      );
      expectOk(options);
      const registered = await client().post(
        '/security/passkey/register',
        {
          challenge_id: options.body.data.challenge_id,
          response: authenticator.register(options.body.data.options),
          name: 'Soft key',
        } as unknown as Record<string, string>,
        { token: user.token, as: 'json' },
      );
      expectOk(registered);
      // Adding it pauses withdrawals for the hold.
      clock.advance(hold);

      const email_code = await withdrawCode(user);
      await expectRefused(
        user,
        await withdraw(user, { email_code }),
        'withdraw_second_factor_required',
      );
      const asked = await client().post<{ challenge_id: string; options: RequestOptions }>(
        '/security/passkey/withdrawOptions',
        {},
        { token: user.token },
      );
      expectOk(asked);
      const passkey = {
        challenge_id: asked.body.data.challenge_id,
        response: authenticator.assert(asked.body.data.options),
      };
      await expectWithdrawn(user, await withdraw(user, { email_code, passkey }));
      expect(await withdrawalRows(user)).toMatchObject([{ second_factor: 'passkey' }]);
      // The challenge is spent with the withdrawal.
      const replayed = await withdraw(user, { email_code: await withdrawCode(user), passkey });
      expectError(replayed, 'passkey_challenge_expired');
      expect(await funding(user)).toEqual({ available: '49', frozen: '51' });
    });
  });

  describe.skipIf(skip)('a retry with the same Idempotency-Key', () => {
    it('answers what the first answered, though its code is used up, and moves nothing more', async () => {
      const user = await traderWithAddress();
      const key = randomUUID();
      const email_code = await withdrawCode(user);
      const first = await withdraw(user, { email_code }, key);
      await expectWithdrawn(user, first);
      const told = (await readOutbox(dataDir())).length;

      const retried = await withdraw(user, { email_code }, key);
      expect(retried.body).toEqual(first.body);
      expect(await funding(user)).toEqual({ available: '49', frozen: '51' });
      expect(await withdrawalRows(user)).toHaveLength(1);
      // Told once.
      expect((await readOutbox(dataDir())).length).toBe(told);
      // The same key for another request is refused, and runs nothing.
      const other = await withdraw(user, { email_code, amount: '20' }, key);
      expectError(other, 'idempotency_key_reused');
      expect(await funding(user)).toEqual({ available: '49', frozen: '51' });
    });
  });
});
