// One user's money requests racing each other, as a client with several taps in flight (or a
// script) sends them: concurrent transfers into a wallet that does not exist yet, and concurrent
// withdrawals, transfers and orders on the same funds. On PostgreSQL these take row locks on the
// same accounts; none may end in a server error, money is conserved to the atom, and the ledger
// check passes. Runs on the embedded database and, when one answers, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { lastCodeFor, type RegisteredUser, registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { callOperator } from '../support/operator-api.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const tradePassword = '246810';

describe.each(await eachDatabase())(
  'concurrent money requests of one user, on %s',
  (...databaseCase) => {
    const { skip, server } = serverOn(databaseCase, systemClock, {
      LIQUIDITY_PROVIDER: 'false',
      ...withoutWithdrawHolds,
    });

    const api = () => new ApiClient(server().url);
    const send = (user: RegisteredUser, path: string, body: Record<string, string>) =>
      api().post(path, body, { token: user.token, headers: { 'idempotency-key': randomUUID() } });

    async function fundedUser(amount: string): Promise<RegisteredUser> {
      const user = await registerUser(api(), server().dataDir);
      await api().post('/security/sendCode', { type: 'email' }, { token: user.token });
      const code = await lastCodeFor(server().dataDir, user.account);
      const set = await api().post(
        '/security/payPwd',
        { password: tradePassword, repassword: tradePassword, code },
        { token: user.token },
      );
      expect(set.body.code).toBe(200);
      const deposit = await callOperator(server(), 'deposit', {
        account: user.account,
        asset: 'USDT',
        amount,
        chain: 'TRC20',
      });
      expect(deposit.body.ok).toBe(true);
      return user;
    }

    /** Everything the user holds in USDT, over every wallet, available and frozen. */
    async function heldUsdt(user: RegisteredUser): Promise<bigint> {
      const answer = await api().get<{
        balances: { asset: string; available: string; frozen: string }[];
      }>('/wallet/balances', {}, { token: user.token });
      return answer.body.data.balances
        .filter((balance) => balance.asset === 'USDT')
        .reduce(
          (sum, balance) =>
            sum + (parseAmount(balance.available) ?? 0n) + (parseAmount(balance.frozen) ?? 0n),
          0n,
        );
    }

    function expectNoServerError(answers: readonly Answer<unknown>[], allowed: readonly number[]) {
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(allowed, JSON.stringify(answer.body)).toContain(answer.body.code);
      }
    }

    const ledgerOk = async () =>
      expect((await callOperator(server(), 'ledger/check', {})).body.data).toEqual({
        ok: true,
        problems: [],
      });

    it.skipIf(skip)(
      'moves into a wallet that does not exist yet with ten transfers at a time, all and 1 alternating',
      async () => {
        const user = await fundedUser('100');
        const answers: Answer<unknown>[] = [];
        for (let round = 0; round < 10; round++) {
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 10 }, (_, i) =>
                send(user, '/wallet/transfer', {
                  from: round % 2 === 0 ? 'funding' : 'option',
                  to: round % 2 === 0 ? 'option' : 'funding',
                  asset: 'USDT',
                  amount: i % 2 === 0 ? 'all' : '1',
                }),
              ),
            )),
          );
        }
        // A transfer of `all` from an emptied wallet, or of 1 from one, is refused, never an error.
        expectNoServerError(answers, [200, 1100]);
        expect(answers.some((answer) => answer.body.code === 200)).toBe(true);
        expect(await heldUsdt(user)).toBe(100_00000000n);
        await ledgerOk();
      },
      240_000,
    );

    it.skipIf(skip)(
      'withdraws, transfers and places orders on the same funds at once',
      async () => {
        const user = await fundedUser('300');
        // A bid at half the index rests (within the market's price band) and holds about 10 USDT.
        const markets = await api().get<{ list: { symbol: string; index: string }[] }>(
          '/market/exchange',
        );
        const index = Number(markets.body.data.list.find((m) => m.symbol === 'BTCUSDT')?.index);
        const price = Math.floor(index / 2);
        const order = {
          symbol: 'BTCUSDT',
          side: 'buy',
          type: 'limit',
          price: `${price}.00`,
          quantity: (10 / price).toFixed(5),
        };
        const answers: Answer<unknown>[] = [];
        for (let round = 0; round < 4; round++) {
          // One email code a round: one of the round's withdrawals can use it up.
          const emailCode = await storeWithdrawCode(server().db, user);
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 8 }, () => [
                send(user, '/wallet/withdraw', {
                  asset: 'USDT',
                  chain: 'TRC20',
                  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
                  amount: '10',
                  trade_password: tradePassword,
                  email_code: emailCode,
                }),
                send(user, '/wallet/transfer', {
                  from: round % 2 === 0 ? 'funding' : 'contract',
                  to: round % 2 === 0 ? 'contract' : 'funding',
                  asset: 'USDT',
                  amount: '10',
                }),
                send(user, '/spot/order', order),
              ]).flat(),
            )),
          );
        }
        // Refusals for want of funds, for a code another copy used up or tried too often, or a
        // batch the client may retry, but no server error.
        expectNoServerError(answers, [
          200,
          errorCodes.balance_insufficient,
          errorCodes.code_invalid,
          errorCodes.code_attempts_exceeded,
          errorCodes.order_not_processed,
        ]);
        expect(await heldUsdt(user)).toBe(300_00000000n);
        await ledgerOk();
      },
      240_000,
    );
  },
);
