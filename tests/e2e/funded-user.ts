// A registered user with USDT credited through the simulated chain, signed in on the phone's
// next page, as the trading tests start.
import { expect, inject } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import type { PhoneApp } from './pages/phone-app.ts';

export async function fundedUser(phone: PhoneApp, usdt: string) {
  const user = await registerUser(new ApiClient(inject('appUrl')), inject('appDataDir'));
  expect(await ops('deposit', user.account, 'USDT', usdt, '--chain', 'TRC20')).toContain(
    '"outcome": "credited"',
  );
  await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  return user;
}
