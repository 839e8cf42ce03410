// Which perpetual market a call is for, read from the call before it is parsed, so that a node can
// hand it to the node holding that market's lease (server/cluster/spread-markets.ts). An order or
// a position named by id is looked up by id alone: who owns it is checked where the call is
// answered, as everywhere. A call this cannot place (no market named, an id no row has, input the
// route will refuse) is answered by the engines' node, which gives the same answer any node would.
import { sql } from 'kysely';
import {
  cancelContractOrder,
  closeContract,
  openContract,
} from '../../schemas/api/contract.schema.ts';
import { contractDepth, contractTrades } from '../../schemas/api/contract-book.schema.ts';
import { contractKline } from '../../schemas/api/contract-kline.schema.ts';
import {
  contractLeverage,
  contractMargin,
  contractTpSl,
} from '../../schemas/api/contract-position-changes.schema.ts';
import { idIn, symbolIn } from '../cluster/call-fields.ts';
import type { Db } from '../db/database.ts';
import type { IncomingCall } from '../module.ts';

/** The lease of a perpetual market's writer. */
export function perpetualLease(symbol: string): string {
  return `perp:${symbol}`;
}

/** The market of a perpetual lease, or undefined for another lease. */
export function perpetualOf(lease: string): string | undefined {
  return lease.startsWith('perp:') ? lease.slice('perp:'.length) : undefined;
}

const bySymbolInBody = new Set<string>([openContract.path, contractLeverage.path]);
const bySymbolInQuery = new Set<string>([
  contractDepth.path,
  contractTrades.path,
  contractKline.path,
]);
const byPosition = new Set<string>([closeContract.path, contractTpSl.path, contractMargin.path]);
/**
 * The Binance door's calls bound to one market (server/contract/binance-*.ts): its whole path, the
 * symbol in the query string or the form body (Binance takes either), the order's own market for a
 * cancel or a look-up by id, which the call must name too.
 */
const doorBySymbol = new Set<string>([
  '/fapi/v1/order',
  '/fapi/v1/leverage',
  '/fapi/v1/marginType',
  '/fapi/v1/depth',
  '/fapi/v1/klines',
]);

/** Answers the lease whose node answers `call`, or undefined when it names no known market. */
export function contractCallLease(
  db: Db,
  markets: ReadonlySet<string>,
): (call: IncomingCall) => Promise<string | undefined> {
  const known = (symbol: string | undefined) =>
    symbol !== undefined && markets.has(symbol) ? perpetualLease(symbol) : undefined;
  return async (call) => {
    if (bySymbolInBody.has(call.path)) return known(symbolIn(call.body));
    if (bySymbolInQuery.has(call.path)) return known(symbolIn(call.query));
    if (doorBySymbol.has(call.path)) return known(symbolIn(call.query) ?? symbolIn(call.body));
    if (byPosition.has(call.path)) {
      const id = idIn(call.body, 'position_id');
      return id === undefined ? undefined : known(await symbolOfRow(db, 'contract_positions', id));
    }
    if (call.path === cancelContractOrder.path) {
      const id = idIn(call.body, 'order_id');
      return id === undefined ? undefined : known(await symbolOfRow(db, 'contract_orders', id));
    }
    return undefined;
  };
}

async function symbolOfRow(
  db: Db,
  table: 'contract_orders' | 'contract_positions',
  id: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ symbol: string }>`
    select symbol from ${sql.table(table)} where id = ${id}::bigint`.execute(db);
  return rows[0]?.symbol;
}
