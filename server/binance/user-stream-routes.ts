// The listen keys' calls (docs/api-binance.md § "User data streams"), as Binance serves them: spot's
// `/api/v3/userDataStream` and the perpetuals' `/fapi/v1/listenKey`, each to make (or get again and
// extend) the key's one open listen key, keep it alive for 60 more minutes, or close it. Spot names
// the listen key in its keepalive and close; the perpetuals' calls take the API key's own. They need
// the API key alone (USER_STREAM), with the `read` scope a stream's events are read under.
import { z } from 'zod';
import { readScope } from '../../schemas/api/api-keys.schema.ts';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import type { BinanceRouter, KeyedCall } from './binance-router.ts';
import { doorErrors } from './errors.ts';
import {
  closeListenKey,
  currentListenKey,
  keepListenKeyAlive,
  openListenKey,
  type StreamFamily,
} from './listen-keys.ts';
import { closedKeySubject } from './user-stream.ts';

const noParams = z.object({});
const namedKey = z.object({ listenKey: z.string().regex(/^[A-Za-z0-9]{64}$/) });

interface Deps {
  db: Db;
  bus: Bus;
  now(): Date;
}

export function bindUserStreamRoutes(router: BinanceRouter, deps: Deps): void {
  const { db, bus, now } = deps;
  const keyed = { security: 'USER_STREAM', scope: readScope } as const;

  const open = (family: StreamFamily) => async (call: KeyedCall<unknown>) => ({
    listenKey: await openListenKey(
      db,
      { apiKeyId: call.apiKey.id, userId: call.userId, family },
      now(),
    ),
  });
  const owner = (call: KeyedCall<unknown>, family: StreamFamily) => ({
    userId: call.userId,
    family,
  });
  const closed = async (listenKey: string, found: boolean) => {
    if (!found) throw doorErrors.unknownListenKey();
    bus.publish(closedKeySubject, { listenKey });
  };

  // `/api/v3`: the listen key is named in its keepalive and close.
  const apiPath = '/api/v3/userDataStream';
  router.add({ method: 'POST', path: apiPath, weight: 2, params: noParams, ...keyed }, open('api'));
  router.add(
    { method: 'PUT', path: apiPath, weight: 2, params: namedKey, ...keyed },
    async (call) => {
      const found = await keepListenKeyAlive(db, owner(call, 'api'), call.params.listenKey, now());
      if (!found) throw doorErrors.unknownListenKey();
      return {};
    },
  );
  router.add(
    { method: 'DELETE', path: apiPath, weight: 2, params: namedKey, ...keyed },
    async (call) => {
      const { listenKey } = call.params;
      await closed(listenKey, await closeListenKey(db, owner(call, 'api'), listenKey, now()));
      return {};
    },
  );

  // `/fapi/v1`: the API key's own open listen key; keepalive answers it.
  const fapiPath = '/fapi/v1/listenKey';
  router.add(
    { method: 'POST', path: fapiPath, weight: 1, params: noParams, ...keyed },
    open('fapi'),
  );
  router.add(
    { method: 'PUT', path: fapiPath, weight: 1, params: noParams, ...keyed },
    async (call) => {
      const listenKey = await currentListenKey(db, call.apiKey.id, 'fapi', now());
      const found =
        listenKey !== undefined &&
        (await keepListenKeyAlive(db, owner(call, 'fapi'), listenKey, now()));
      if (!found) throw doorErrors.unknownListenKey();
      return { listenKey };
    },
  );
  router.add(
    { method: 'DELETE', path: fapiPath, weight: 1, params: noParams, ...keyed },
    async (call) => {
      const listenKey = await currentListenKey(db, call.apiKey.id, 'fapi', now());
      const found =
        listenKey !== undefined &&
        (await closeListenKey(db, owner(call, 'fapi'), listenKey, now()));
      await closed(listenKey ?? '', found);
      return {};
    },
  );
}
