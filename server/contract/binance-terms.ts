// A user's leverage and margin type in a market as Binance keeps them (`POST /fapi/v1/leverage`,
// `/fapi/v1/marginType`), for the door's orders, which name neither. The app has no such setting:
// each of its orders carries its own, and the engine holds every opening order to its position's
// and resting orders' terms (order-admission.ts). So the terms in force are, in this order, the
// open position's, the resting opening orders', the last the user chose through the door, and
// Binance's default (20×, capped by the market, cross).
//
// What the user chose is kept in `contract_chosen_terms`, one row per user and market, written
// through the market's writer's database handle, so every node reads the same choice.
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import type { Db } from '../db/database.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { EngineState } from './engine-state.ts';

export const leveragePath = '/fapi/v1/leverage';
export const marginTypePath = '/fapi/v1/marginType';

/** Binance's initial leverage for a market nobody set one in. */
const defaultLeverage = 20;

export interface Terms {
  leverage: number;
  marginMode: MarginMode;
}

/** The terms the position or resting opening orders hold the market to; undefined when free. */
export function heldTerms(state: EngineState, userId: number, symbol: string): Terms | undefined {
  const position = state.positionOf(userId, symbol);
  if (position) return { leverage: position.leverage, marginMode: position.marginMode };
  const resting = state.ordersOf(userId, symbol).find((order) => !order.reduceOnly);
  return resting && { leverage: resting.leverage, marginMode: resting.marginMode };
}

/** The last leverage and margin type the user chose for `symbol` through the door, each if any. */
export async function chosenTerms(db: Db, userId: number, symbol: string): Promise<Partial<Terms>> {
  const row = await db
    .selectFrom('contract_chosen_terms')
    .select(['leverage', 'margin_mode'])
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return {
    ...(row?.leverage == null ? {} : { leverage: row.leverage }),
    ...(row?.margin_mode == null ? {} : { marginMode: row.margin_mode }),
  };
}

/** The terms a door order in `market` is placed with now. */
export async function termsInForce(
  db: Db,
  state: EngineState,
  userId: number,
  market: ContractMarket,
): Promise<Terms> {
  const held = heldTerms(state, userId, market.symbol);
  if (held) return held;
  const chosen = await chosenTerms(db, userId, market.symbol);
  return {
    leverage: Math.min(chosen.leverage ?? defaultLeverage, market.maxLeverage),
    marginMode: chosen.marginMode ?? 'cross',
  };
}

/** Records the user's choice of one term for `symbol`; the other term stays as it was. */
export async function recordChoice(
  db: Db,
  userId: number,
  symbol: string,
  choice: Partial<Terms>,
  now: number,
): Promise<void> {
  const leverage = choice.leverage ?? null;
  const margin_mode = choice.marginMode ?? null;
  const updated_at = new Date(now);
  await db
    .insertInto('contract_chosen_terms')
    .values({ user_id: userId, symbol, leverage, margin_mode, updated_at })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'symbol']).doUpdateSet((eb) => ({
        leverage:
          choice.leverage === undefined ? eb.ref('contract_chosen_terms.leverage') : leverage,
        margin_mode:
          choice.marginMode === undefined
            ? eb.ref('contract_chosen_terms.margin_mode')
            : margin_mode,
        updated_at,
      })),
    )
    .execute();
}
