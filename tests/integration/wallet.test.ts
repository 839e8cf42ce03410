// Balances and transfers over real HTTP, on PGlite and (when one answers) PostgreSQL: a whole
// balance raced by 200 transfers moves once; 100 retries of one idempotency key execute once; bad
// requests are refused with their reason and change nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import { errorCodes, sessionExpiredCode } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { lastCodeFor, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { creditUser } from '../support/funds.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const postgres = await createTestDatabase();

describe.each([
  ['PGlite', undefined],
  ['PostgreSQL', postgres],
] as const)('wallet on %s', (_name, database: TestDatabase | undefined) => {
  let server: InProcessServer;
  const client = () => new ApiClient(server.url);

  beforeAll(async () => {
    if (_name === 'PostgreSQL' && !database) return;
    server = await startInProcessServer(systemClock, withoutWithdrawHolds, database?.url);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  async function fundedUser(amount: string) {
    const user = await registerUser(client(), server.dataDir);
    await creditUser(server.db, user.userId, 'USDT', amount);
    return user;
  }

  const balancesOf = async (token: string) => {
    const answer = await client().get<{
      balances: { wallet: string; asset: string; available: string }[];
    }>('/wallet/balances', {}, { token });
    expect(answer.body.code).toBe(200);
    return Object.fromEntries(
      answer.body.data.balances.map((b) => [`${b.wallet}:${b.asset}`, b.available]),
    );
  };

  const transfer = (token: string, body: Record<string, string>, key: string = randomUUID()) =>
    client().post('/wallet/transfer', body, { token, headers: { 'idempotency-key': key } });

  it.skipIf(_name === 'PostgreSQL' && !database)(
    'moves a whole balance raced by 200 transfers exactly once',
    async () => {
      const user = await fundedUser('1234.5');
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          transfer(user.token, { from: 'funding', to: 'contract', asset: 'USDT', amount: 'all' }),
        ),
      );
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code !== 200).every((code) => code === 1100)).toBe(true);
      expect(await balancesOf(user.token)).toEqual({
        'funding:USDT': '0',
        'contract:USDT': '1234.5',
      });
      expect(await auditLedger(server.db)).toEqual([]);
    },
  );

  it.skipIf(_name === 'PostgreSQL' && !database)(
    'executes 100 concurrent requests with one idempotency key once, answering each the same',
    async () => {
      const user = await fundedUser('100');
      const key = randomUUID();
      const body = { from: 'funding', to: 'option', asset: 'USDT', amount: '7.25' };
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => transfer(user.token, body, key)),
      );
      const first = answers[0]?.body;
      expect(first?.code).toBe(200);
      for (const answer of answers) expect(answer.body).toEqual(first);
      expect(await balancesOf(user.token)).toEqual({
        'funding:USDT': '92.75',
        'option:USDT': '7.25',
      });
      // A retry later still gets the first answer; the same key for another body is refused.
      expect((await transfer(user.token, body, key)).body).toEqual(first);
      const reused = await transfer(user.token, { ...body, amount: '1' }, key);
      expect(reused.body.code).toBe(1112);
      expect(await auditLedger(server.db)).toEqual([]);
    },
  );

  it.skipIf(_name === 'PostgreSQL' && !database)(
    'refuses bad transfers with their reason and changes nothing',
    async () => {
      const user = await fundedUser('10');
      const before = await balancesOf(user.token);
      const good = { from: 'funding', to: 'contract', asset: 'USDT', amount: '1' };
      const cases: [Record<string, string>, number][] = [
        [{ ...good, amount: '0.000000001' }, 1101],
        [{ ...good, amount: '0' }, 1101],
        [{ ...good, amount: '-1' }, 1101],
        [{ ...good, amount: '1e3' }, 1101],
        [{ ...good, amount: '10.00000001' }, 1100],
        [{ ...good, to: 'funding' }, 1113],
        [{ ...good, asset: 'DOGE' }, 1103],
        [{ ...good, from: 'savings' }, 1002],
        [{ ...good, from: 'contract', to: 'option', amount: 'all' }, 1100],
      ];
      for (const [body, code] of cases) {
        const answer = await transfer(user.token, body);
        expect(answer.status, JSON.stringify(body)).toBe(200);
        expect(answer.body.code, JSON.stringify(body)).toBe(code);
      }
      const noKey = await client().post('/wallet/transfer', good, { token: user.token });
      expect(noKey.body.code).toBe(1111);
      const german = await client().post('/wallet/transfer', good, {
        token: user.token,
        lang: 'de',
      });
      expect(german.body.msg).toBe('Ein Idempotency-Key-Header ist erforderlich');
      expect((await transfer('not-a-token', good)).body.code).toBe(999);
      expect(await balancesOf(user.token)).toEqual(before);
    },
  );

  it.skipIf(_name === 'PostgreSQL' && !database)(
    'lets exactly one of 200 simultaneous withdrawals of the whole balance through, and none after',
    async () => {
      const user = await fundedUser('101');
      await client().post('/security/sendCode', { type: 'email' }, { token: user.token });
      const code = await lastCodeFor(server.dataDir, user.account);
      const tradePassword = '135790';
      await client().post(
        '/security/payPwd',
        { password: tradePassword, repassword: tradePassword, code },
        { token: user.token },
      );
      const body = {
        asset: 'USDT',
        chain: 'TRC20',
        address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        amount: '100',
        trade_password: tradePassword,
      };
      const send = (email_code: string) =>
        client().post(
          '/wallet/withdraw',
          { ...body, email_code },
          { token: user.token, headers: { 'idempotency-key': randomUUID() } },
        );
      // One email code confirms one withdrawal: the 200 share it, as a script replaying one
      // confirmed request would. The losers are refused for the spent or over-tried code, or
      // for the funds the winner froze.
      const emailCode = await storeWithdrawCode(server.db, user);
      const answers = await Promise.all(Array.from({ length: 200 }, () => send(emailCode)));
      const codes = answers.map((answer) => answer.body.code);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      const refusals: number[] = [
        errorCodes.balance_insufficient,
        errorCodes.code_invalid,
        errorCodes.code_attempts_exceeded,
      ];
      expect(codes.filter((code) => code !== 200).every((code) => refusals.includes(code))).toBe(
        true,
      );
      // A request confirmed afresh finds the balance gone.
      const next = await send(await storeWithdrawCode(server.db, user));
      expect(next.body.code).toBe(errorCodes.balance_insufficient);
      expect(await balancesOf(user.token)).toEqual({ 'funding:USDT': '0' });
      expect(await auditLedger(server.db)).toEqual([]);
    },
  );

  it.skipIf(_name === 'PostgreSQL' && !database)(
    'answers a malformed Idempotency-Key as malformed, saying its form, and moves nothing',
    async () => {
      const user = await fundedUser('10');
      const body = { from: 'funding', to: 'contract', asset: 'USDT', amount: '1' };
      for (const key of ['short', 'has space in it', 'x'.repeat(101), 'ümlaut-key']) {
        const answer = await transfer(user.token, body, key);
        expect(answer.body.code, key).toBe(errorCodes.idempotency_key_malformed);
        expect(answer.body.msg).toContain('8 to 100');
      }
      const missing = await client().post('/wallet/transfer', body, { token: user.token });
      expect(missing.body.code).toBe(errorCodes.idempotency_key_required);
      expect(await balancesOf(user.token)).toEqual({ 'funding:USDT': '10' });
    },
  );

  it.skipIf(_name === 'PostgreSQL' && !database)(
    "never shows or moves another user's money",
    async () => {
      const alice = await fundedUser('5');
      const bob = await registerUser(client(), server.dataDir);
      expect(await balancesOf(bob.token)).toEqual({});
      const answer = await transfer(bob.token, {
        from: 'funding',
        to: 'contract',
        asset: 'USDT',
        amount: '1',
      });
      expect(answer.body.code).toBe(1100);
      expect(await balancesOf(alice.token)).toEqual({ 'funding:USDT': '5' });
    },
  );
  it.skipIf(_name === 'PostgreSQL' && !database)(
    "answers today's PnL without counting deposits or moves between one's wallets, and every wallet's worth",
    async () => {
      const user = await fundedUser('2500');
      await creditUser(server.db, user.userId, 'BTC', '0.5');
      const moved = await transfer(user.token, {
        from: 'funding',
        to: 'contract',
        asset: 'USDT',
        amount: '400',
      });
      expect(moved.body.code).toBe(200);
      const today = await client().get<{
        total: string;
        pnl: string;
        pnl_pct: string | null;
        since: number;
      }>('/wallet/today', {}, { token: user.token });
      expect(today.body.code).toBe(200);
      // Nothing was held at 00:00 UTC, and everything held came in today.
      expect(today.body.data).toMatchObject({ pnl: '0', pnl_pct: null });
      expect(today.body.data.since % 86_400_000).toBe(0);
      // The 2,500 USDT and the half bitcoin at the index (which moves: only its floor is known).
      expect(parseAmount(today.body.data.total) ?? 0n).toBeGreaterThan(parseAmount('2500') ?? 0n);

      const visitor = await client().get('/wallet/today', {});
      expect(visitor.body.code).toBe(sessionExpiredCode);
    },
  );
});
