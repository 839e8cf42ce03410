// A trader's bot on the Binance-compatible door (docs/api-binance.md): a user with funds and an API
// key, and the `ccxt` package's own `binance` (spot) and `binanceusdm` (perpetuals) classes pointed
// at the test server, unchanged but for their URLs and the options a private exchange needs.
import { Agent } from 'node:http';
import ccxt from 'ccxt';
import type { Db } from '../../server/db/database.ts';
import { loadApiKeyCipher } from '../../server/security/api-key-cipher.ts';
import {
  type ApiKeyScope,
  type CreatedApiKey,
  insertApiKey,
} from '../../server/security/api-key-store.ts';
import { registerUser } from './accounts.ts';
import { ApiClient } from './api-client.ts';
import { creditUser } from './funds.ts';

export interface DoorServer {
  url: string;
  dataDir: string;
  db: Db;
}

export interface DoorTrader {
  userId: number;
  /** The app's own session, for checking what the door did through the app's calls. */
  token: string;
  key: CreatedApiKey;
}

/** A registered user holding `funds`, with a key of `scopes`, made as the security center makes one. */
export async function doorTrader(
  server: DoorServer,
  funds: Record<string, string> = {},
  scopes: readonly ApiKeyScope[] = ['read', 'spot', 'futures'],
): Promise<DoorTrader> {
  const user = await registerUser(new ApiClient(server.url), server.dataDir);
  for (const [asset, amount] of Object.entries(funds)) {
    await creditUser(server.db, user.userId, asset, amount);
  }
  // The key's sealing key as the server read it (a key file in DATA_DIR, the default).
  const cipher = await loadApiKeyCipher({ dataDir: server.dataDir, apiKeySealingKey: undefined });
  const key = await insertApiKey(server.db, cipher, {
    userId: user.userId,
    label: 'bot',
    scopes,
    ipAllowlist: [],
  });
  return { userId: user.userId, token: user.token, key };
}

/** Every API family ccxt's Binance classes know, pointed at `url`'s door. */
function doorUrls(url: string): Record<string, string> {
  const base = url.replace(/\/$/, '');
  return {
    public: `${base}/api/v3`,
    private: `${base}/api/v3`,
    v1: `${base}/api/v1`,
    fapiPublic: `${base}/fapi/v1`,
    fapiPublicV2: `${base}/fapi/v2`,
    fapiPublicV3: `${base}/fapi/v3`,
    fapiPrivate: `${base}/fapi/v1`,
    fapiPrivateV2: `${base}/fapi/v2`,
    fapiPrivateV3: `${base}/fapi/v3`,
    fapiData: `${base}/futures/data`,
    // Families the door does not serve: a call to one is answered 404 by the app, not sent abroad.
    sapi: `${base}/sapi/v1`,
    sapiV2: `${base}/sapi/v2`,
    sapiV3: `${base}/sapi/v3`,
    sapiV4: `${base}/sapi/v4`,
    dapiPublic: `${base}/dapi/v1`,
    dapiPrivate: `${base}/dapi/v1`,
    dapiPrivateV2: `${base}/dapi/v2`,
    dapiData: `${base}/futures/data`,
    eapiPublic: `${base}/eapi/v1`,
    eapiPrivate: `${base}/eapi/v1`,
    papi: `${base}/papi/v1`,
    papiV2: `${base}/papi/v2`,
  };
}

/** ccxt's options for an exchange that lists only what the door serves. */
const doorOptions = {
  // Currencies (deposit networks) and margin pairs come from Binance's `sapi`, which the door does
  // not serve.
  fetchCurrencies: false,
  fetchMargins: false,
};

/** ccxt's `binance` (spot) on the door, as the trader holding `key`; without a key for public calls. */
export function ccxtSpot(url: string, key?: CreatedApiKey) {
  const exchange = new ccxt.binance({
    ...(key ? { apiKey: key.apiKey, secret: key.secret } : {}),
    options: { ...doorOptions, fetchMarkets: { types: ['spot'] } },
  });
  exchange.urls.api = doorUrls(url);
  return exchange;
}

/** ccxt's `binanceusdm` (USDT-margined perpetuals) on the door. */
export function ccxtUsdm(url: string, key?: CreatedApiKey) {
  const exchange = new ccxt.binanceusdm({
    ...(key ? { apiKey: key.apiKey, secret: key.secret } : {}),
    options: { ...doorOptions, fetchMarkets: { types: ['linear'] } },
  });
  exchange.urls.api = doorUrls(url);
  return exchange;
}

/**
 * Binance's stream hosts, pointed at the door: spot's `/ws/<n>` and the perpetuals' `/public/ws/<n>`
 * and `/market/ws/<n>` (ccxt puts the part in front of a `future` URL's `/ws` itself), and spot's
 * WebSocket API, where ccxt subscribes to a spot user's orders and balances.
 */
function doorStreamUrls(url: string) {
  const base = url.replace(/^http/, 'ws').replace(/\/$/, '');
  const ws = `${base}/ws`;
  return { spot: ws, margin: ws, future: ws, 'ws-api': { spot: `${base}/ws-api/v3` } };
}

/** ccxt pro's `binance` (spot) on the door: the REST calls of `ccxtSpot`, and its streams. */
export function ccxtProSpot(url: string, key?: CreatedApiKey) {
  const exchange = new ccxt.pro.binance({
    ...(key ? { apiKey: key.apiKey, secret: key.secret } : {}),
    options: { ...doorOptions, fetchMarkets: { types: ['spot'] } },
  });
  exchange.urls.api = { ...doorUrls(url), ws: doorStreamUrls(url) };
  // ccxt asks for an agent of its own before it opens a `ws://` (not TLS) connection.
  exchange.httpAgent = new Agent();
  return exchange;
}

/** ccxt pro's `binanceusdm` on the door. */
export function ccxtProUsdm(url: string, key?: CreatedApiKey) {
  const exchange = new ccxt.pro.binanceusdm({
    ...(key ? { apiKey: key.apiKey, secret: key.secret } : {}),
    options: { ...doorOptions, fetchMarkets: { types: ['linear'] } },
  });
  exchange.urls.api = { ...doorUrls(url), ws: doorStreamUrls(url) };
  // ccxt asks for an agent of its own before it opens a `ws://` (not TLS) connection.
  exchange.httpAgent = new Agent();
  return exchange;
}
