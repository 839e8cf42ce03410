// The wallet's own movements in the records, over real HTTP: a deposit, a transfer between the
// user's wallets as one entry naming both (not a line per wallet), and an approved withdrawal with
// its fee linked to the withdrawal; each with its type, label, sign and asset.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { lastCodeFor, registerUser } from '../support/accounts.ts';
import { expectOk } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';
import { callOperator } from '../support/operator-api.ts';
import { allRecords, said } from '../support/records.ts';
import { setUpRecordsServer } from '../support/records-server.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const { server, client, send, expectLedgerBalanced } = setUpRecordsServer(
  systemClock,
  withoutWithdrawHolds,
);
const tradePassword = '246810';

describe('wallet movements in the records', () => {
  it('show a deposit, each transfer once, and a withdrawal with its fee', async () => {
    const user = await registerUser(client(), server().dataDir);
    expectOk(await client().post('/security/sendCode', { type: 'email' }, { token: user.token }));
    const code = await lastCodeFor(server().dataDir, user.account);
    expectOk(
      await client().post(
        '/security/payPwd',
        { password: tradePassword, repassword: tradePassword, code },
        { token: user.token },
      ),
    );
    await creditUser(server().db, user.userId, 'USDT', '100');
    const transfer = (from: string, to: string, amount: string) =>
      send(user.token, '/wallet/transfer', { from, to, asset: 'USDT', amount });
    expectOk(await transfer('funding', 'contract', '30'));
    expectOk(await transfer('contract', 'funding', '10'));
    const asked = await send<{ id: number }>(user.token, '/wallet/withdraw', {
      asset: 'USDT',
      chain: 'TRC20',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      amount: '50',
      trade_password: tradePassword,
      email_code: await storeWithdrawCode(server().db, user),
    });
    expectOk(asked);
    expect(
      (await callOperator(server(), 'withdrawal', { action: 'approve', id: asked.body.data.id }))
        .status,
    ).toBe(200);

    const records = await allRecords(client(), user.token);
    expect(records.map(said)).toEqual([
      // The request only froze the money; the approval took it, with the fee.
      'withdrawal withdrawal funding USDT -51',
      'transfer transfer contract→funding USDT 10',
      'transfer transfer funding→contract USDT 30',
      'deposit deposit funding USDT 100',
    ]);
    expect(records[0]?.link).toEqual({ to: 'withdrawal', id: String(asked.body.data.id) });
    expect((await allRecords(client(), user.token, 'transfer')).map(said)).toEqual([
      'transfer transfer contract→funding USDT 10',
      'transfer transfer funding→contract USDT 30',
    ]);
    await expectLedgerBalanced();
  });
});
