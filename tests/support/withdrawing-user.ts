// A user ready to withdraw: registered, with a trade password set through an email code, and
// USDT deposited by the operator, as the withdrawal tests start from.
import { expect } from 'vitest';
import { lastCodeFor, type RegisteredUser, registerUser } from './accounts.ts';
import { ApiClient } from './api-client.ts';
import type { InProcessServer } from './in-process-server.ts';
import { callOperator } from './operator-api.ts';

export const tradePassword = '246810';

export async function withdrawerWithFunds(
  server: InProcessServer,
  amount: string,
): Promise<RegisteredUser> {
  const client = new ApiClient(server.url);
  const user = await registerUser(client, server.dataDir);
  const sent = await client.post('/security/sendCode', { type: 'email' }, { token: user.token });
  expect(sent.body.code).toBe(200);
  const code = await lastCodeFor(server.dataDir, user.account);
  const set = await client.post(
    '/security/payPwd',
    { password: tradePassword, repassword: tradePassword, code },
    { token: user.token },
  );
  expect(set.body.code).toBe(200);
  const deposit = await callOperator<{ outcome: string }>(server, 'deposit', {
    account: user.account,
    asset: 'USDT',
    amount,
    chain: 'TRC20',
  });
  expect(deposit.body.data.outcome).toBe('credited');
  return user;
}
