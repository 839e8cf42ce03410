// What the browser tests that withdraw need besides the page: a trade password and money on the
// account, the withdrawal's email code asked for on the page and read from the outbox like a user
// reads their mail, and an authenticator app bound through the API with its codes.
import { expect, inject } from 'vitest';
import { totpCodeAt } from '../../server/security/totp.ts';
import { lastCodeFor, type RegisteredUser, readOutbox } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import type { AppPage } from './pages/app-page.ts';

export const tradePassword = '482916';
const patient = { timeout: 30_000, interval: 200 };
/** An authenticator's step. */
const stepMs = 30_000;

function api(): ApiClient {
  return new ApiClient(inject('appUrl'));
}

export async function withTradePassword(user: RegisteredUser): Promise<void> {
  const client = api();
  await client.post('/security/sendCode', { type: 'email' }, { token: user.token });
  const code = await lastCodeFor(inject('appDataDir'), user.account);
  const set = await client.post(
    '/security/payPwd',
    { password: tradePassword, repassword: tradePassword, code },
    { token: user.token },
  );
  expect(set.body.code).toBe(200);
}

export async function deposit(user: RegisteredUser, usdt: string): Promise<void> {
  expect(await ops('deposit', user.account, 'USDT', usdt, '--chain', 'TRC20')).toContain(
    '"outcome": "credited"',
  );
}

/** The withdraw page at USDT on TRC20. */
export async function openWithdraw(app: AppPage): Promise<void> {
  await app.open('/pages/assets/withdraw');
  await app.page.getByTestId('asset-choice-USDT').click();
  await app.page.getByTestId('chain-choice-TRC20').click();
}

/** Taps the form's "send code" and answers the code that arrived in the user's mail. */
export async function sendWithdrawCode(app: AppPage, account: string): Promise<string> {
  const dataDir = inject('appDataDir');
  const mails = async () => (await readOutbox(dataDir)).filter((e) => e.to === account).length;
  const before = await mails();
  await app.page.getByTestId('withdraw-send-code').click();
  await expect.poll(mails, patient).toBe(before + 1);
  return lastCodeFor(dataDir, account);
}

/** Binds an authenticator app to the account; answers its secret. Uses the code of this step. */
export async function bindAuthenticator(user: RegisteredUser): Promise<string> {
  const client = api();
  const setup = await client.post<{ secret: string }>(
    '/security/totp/setup',
    {},
    { token: user.token },
  );
  expect(setup.body.code).toBe(200);
  const { secret } = setup.body.data;
  const bound = await client.post(
    '/security/totp/bind',
    { totp_code: totpCodeAt(secret, new Date()) },
    { token: user.token },
  );
  expect(bound.body.code).toBe(200);
  return secret;
}

/**
 * The authenticator's code `steps` steps from now: a code is taken one step either side of now,
 * once, and never for a step before one already used, so each use after the binding takes the
 * next step.
 */
export function authenticatorCode(secret: string, steps: number): string {
  return totpCodeAt(secret, new Date(Date.now() + steps * stepMs));
}

/** The error toasts shown: a code sent says so in a success toast, which a refusal test leaves. */
export function errorToasts(app: AppPage): Promise<number> {
  return app.page.locator('.toast[data-kind="error"]').count();
}
