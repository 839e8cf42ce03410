// Which spot market a call is for, read from the call before it is parsed, so that a node can hand
// it to the node holding that market's lease (server/cluster/spread-markets.ts). A cancel names
// its order by id alone: the order's market is read by id, and whose order it is is checked where
// the call is answered, as everywhere. The Binance-compatible door's `/api/v3/order` (placing,
// cancelling, reading) always names its symbol, in the query string or the form body. A call this
// cannot place is answered by the engines' node.
import { sql } from 'kysely';
import { cancelSpotOrder, placeSpotOrder } from '../../schemas/api/spot.schema.ts';
import { idIn, symbolIn } from '../cluster/call-fields.ts';
import type { Db } from '../db/database.ts';
import type { IncomingCall } from '../module.ts';
import { doorOrderPath } from './binance-client-ids.ts';
import { spotLease } from './spot-spread.ts';

/** Answers the lease whose node answers `call`, or undefined when it names no listed market. */
export function spotCallLease(
  db: Db,
  markets: ReadonlySet<string>,
): (call: IncomingCall) => Promise<string | undefined> {
  const known = (symbol: string | undefined) =>
    symbol !== undefined && markets.has(symbol) ? spotLease(symbol) : undefined;
  return async (call) => {
    if (call.path === placeSpotOrder.path) return known(symbolIn(call.body));
    if (call.path === doorOrderPath) return known(doorSymbolOf(call));
    if (call.path !== cancelSpotOrder.path) return undefined;
    const id = idIn(call.body, 'order_id');
    if (id === undefined) return undefined;
    const { rows } = await sql<{ symbol: string }>`
      select symbol from spot_orders where id = ${id}::bigint`.execute(db);
    return known(rows[0]?.symbol);
  };
}

/**
 * The symbol a door call names: the query string's when it has one (the door reads a name sent in
 * both parts as the query string's, docs/api-binance.md § "Signed requests"), else the body's.
 */
export function doorSymbolOf(call: Pick<IncomingCall, 'query' | 'body'>): string | undefined {
  return symbolIn(call.query) ?? symbolIn(call.body);
}
