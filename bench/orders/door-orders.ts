// Orders through the Binance-compatible door, for the load driver: each trader makes an API key in
// the security center as a user does (the email code from the embedded outbox), then places signed
// `POST /api/v3/order` calls with a fresh `newClientOrderId` each, the body form-encoded as ccxt
// sends it, from the trader's own client address.
import { randomUUID } from 'node:crypto';
import { readOutbox } from '../../tests/support/accounts.ts';
import { type SigningKey, signedParams } from '../../tests/support/door-signed-call.ts';
import type { Server, Trader } from './traders.ts';

export type DoorKey = SigningKey;

/** The door's spelling of an app order: `{symbol, side: 'buy', type: 'limit', price, quantity}`. */
export function doorOrder(order: Record<string, string>): Record<string, string> {
  const { symbol = '', side = '', type = '', price, quantity } = order;
  return {
    symbol,
    side: side.toUpperCase(),
    type: type.toUpperCase(),
    ...(type === 'limit' ? { timeInForce: 'GTC' } : {}),
    ...(price === undefined ? {} : { price }),
    ...(quantity === undefined ? {} : { quantity }),
  };
}

/** An API key of the trader's with the spot scope, made through the security center's call. */
export async function doorKey(server: Server, trader: Trader): Promise<DoorKey> {
  const sent = await trader.client.post(
    '/security/sendCode',
    { type: 'email' },
    { token: trader.token },
  );
  if (sent.body.code !== 200) throw new Error(`no security code: ${sent.body.msg}`);
  const code = (await readOutbox(server.dataDir))
    .filter((entry) => entry.to === trader.account && entry.code !== undefined)
    .at(-1)?.code;
  if (!code) throw new Error(`no code reached ${trader.account}`);
  const made = await trader.client.post<{ api_key: string; secret: string }>(
    '/security/api-keys',
    { label: 'bench', scopes: 'read,spot', code },
    { token: trader.token },
  );
  if (made.body.code !== 200) throw new Error(`API key refused: ${made.body.msg}`);
  return { apiKey: made.body.data.api_key, secret: made.body.data.secret };
}

/** Places `order` (the door's spelling) as a signed call; true when the door took it. */
export async function placeThroughDoor(
  server: Server,
  trader: Trader,
  key: DoorKey,
  order: Record<string, string>,
): Promise<boolean> {
  // Signed as the tests sign, but sent here with no JSON read: the driver only counts what the
  // door took.
  const body = signedParams(key.secret, {
    ...order,
    newClientOrderId: randomUUID().replaceAll('-', ''),
    newOrderRespType: 'ACK',
  });
  const response = await fetch(`${server.url}/api/v3/order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-mbx-apikey': key.apiKey,
      'x-forwarded-for': trader.client.address,
    },
    body,
  });
  await response.arrayBuffer();
  return response.status === 200;
}
