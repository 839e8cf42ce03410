// A user's leverage and margin type in a market as Binance keeps them (`POST /fapi/v1/leverage`,
// `/fapi/v1/marginType`), for the door's orders, which name neither. The app has no such setting:
// each of its orders carries its own, and the engine holds every opening order to its position's
// and resting orders' terms (order-admission.ts). So the terms in force are, in this order, the
// open position's, the resting opening orders', the last the user chose through the door, and
// Binance's default (20×, capped by the market, cross).
//
// What the user chose is kept, durably and on every node alike, as the answer of the choosing call
// in `idempotency_keys` (under a key of the door's own, never reused), the record every
// money-touching call of the app leaves; the latest of a market's answers is the choice in force.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import type { Db } from '../db/database.ts';
import { idempotent } from '../http/idempotency.ts';
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

const choiceSchema = z.object({
  symbol: z.string(),
  leverage: z.number().int().positive().optional(),
  marginMode: z.enum(['isolated', 'cross']).optional(),
});
type Choice = z.infer<typeof choiceSchema>;

/** The terms the position or resting opening orders hold the market to; undefined when free. */
export function heldTerms(state: EngineState, userId: number, symbol: string): Terms | undefined {
  const position = state.positionOf(userId, symbol);
  if (position) return { leverage: position.leverage, marginMode: position.marginMode };
  const resting = state.ordersOf(userId, symbol).find((order) => !order.reduceOnly);
  return resting && { leverage: resting.leverage, marginMode: resting.marginMode };
}

/** The last leverage and margin type the user chose for `symbol` through the door, each if any. */
export async function chosenTerms(db: Db, userId: number, symbol: string): Promise<Partial<Terms>> {
  const { rows } = await sql<{ path: string; response: unknown }>`
    select distinct on (path) path, response from idempotency_keys
    where user_id = ${userId} and path in (${leveragePath}, ${marginTypePath})
      and starts_with(key, ${termsKeyPrefix}) and response->>'symbol' = ${symbol}
    order by path, created_at desc, key desc`.execute(db);
  const chosen: Partial<Terms> = {};
  for (const row of rows) {
    const parsed = choiceSchema.safeParse(
      typeof row.response === 'string' ? JSON.parse(row.response) : row.response,
    );
    if (!parsed.success) continue;
    if (parsed.data.leverage !== undefined) chosen.leverage = parsed.data.leverage;
    if (parsed.data.marginMode !== undefined) chosen.marginMode = parsed.data.marginMode;
  }
  return chosen;
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

const termsKeyPrefix = 'usdm-terms:';

/** Records the user's choice: a row of its own each time, its key ordered by time. */
export async function recordChoice(
  db: Db,
  userId: number,
  path: typeof leveragePath | typeof marginTypePath,
  choice: Choice,
  now: number,
): Promise<void> {
  const key = `${termsKeyPrefix}${String(now).padStart(15, '0')}:${randomUUID()}`;
  await idempotent({ db, userId, key, path, request: choice }, async () => choice);
}
