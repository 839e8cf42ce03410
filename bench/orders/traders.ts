// The load driver's traders: users registered through the API (codes read from the embedded
// outbox), funded through the operator API, each with its own client address (the server's
// limits are per address), and their orders: spot by default, any order path given.
import { randomUUID } from 'node:crypto';
import { readOutbox } from '../../tests/support/accounts.ts';
import { ApiClient } from '../../tests/support/api-client.ts';
import { callOperator } from '../../tests/support/operator-api.ts';

export interface Trader {
  client: ApiClient;
  token: string;
  account: string;
}

export interface Server {
  url: string;
  dataDir: string;
}

const password = 'Secret123';

export async function registerTrader(server: Server): Promise<Trader> {
  const client = new ApiClient(server.url);
  const email = `trader-${randomUUID()}@example.com`;
  await client.get('/register/sendemail', { email });
  const code = (await readOutbox(server.dataDir))
    .filter((entry) => entry.to === email)
    .at(-1)?.code;
  if (!code) throw new Error(`no code reached ${email}`);
  const answer = await client.post<{ token: string }>('/register/index', {
    email,
    password,
    repassword: password,
    code,
  });
  if (answer.body.code !== 200) throw new Error(`registration refused: ${answer.body.msg}`);
  return { client, token: answer.body.data.token, account: email };
}

export async function fund(server: Server, trader: Trader, asset: string, amount: string) {
  const chain = asset === 'USDT' ? 'TRC20' : asset;
  const answer = await callOperator(server, 'deposit', {
    account: trader.account,
    asset,
    amount,
    chain,
  });
  if (!answer.body.ok) throw new Error(`deposit refused: ${answer.body.error}`);
}

/**
 * Registers `count` traders and deposits `amount` USDT for each: a few registrations at a time
 * (each hashes a password), one deposit at a time (concurrent deposits are not what is measured).
 */
export async function fundedTraders(
  server: Server,
  count: number,
  amount = '10000000',
): Promise<Trader[]> {
  const made: Trader[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, () => registerTrader(server)),
    );
    for (const trader of batch) await fund(server, trader, 'USDT', amount);
    made.push(...batch);
  }
  return made;
}

/** Moves `amount` of `asset` between two of the trader's wallets (`/wallet/transfer`). */
export async function transfer(
  trader: Trader,
  move: { from: string; to: string; asset: string; amount: string },
) {
  const answer = await trader.client.post('/wallet/transfer', move, {
    token: trader.token,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (answer.body.code !== 200) throw new Error(`transfer refused: ${answer.body.msg}`);
}

/**
 * Places an order with a fresh idempotency key at `path` (a spot order unless told, e.g.
 * `/contract/open`); true when the server took it.
 */
export async function place(
  trader: Trader,
  order: Record<string, string>,
  path = '/spot/order',
): Promise<boolean> {
  const answer = await trader.client.post(path, order, {
    token: trader.token,
    headers: { 'idempotency-key': randomUUID() },
  });
  return answer.body.code === 200;
}
