// The ids a request may name, each with the column whose values it names: an id's bound is that
// column's range, so an id no row can have is refused where the request is read, with the field
// named, and never reaches a query (where PostgreSQL would refuse it and fail the writer's batch
// it sat in). The column types are held to the migrated database by a test.
import type { z } from 'zod/mini';
import { decimalInteger } from './primitives.ts';

/** The largest id each integer column type can hold that a JSON number still says exactly. */
export const idColumnMax = {
  integer: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
} as const;

export type IdColumnType = keyof typeof idColumnMax;

/** Every column a request names a row by (`table.column`), with its type. */
export const idColumns = {
  'spot_orders.id': 'bigint',
  'contract_orders.id': 'bigint',
  'contract_positions.id': 'bigint',
  'option_contracts.id': 'bigint',
  'ai_products.id': 'integer',
  'ai_orders.id': 'bigint',
  'subscription_projects.id': 'integer',
  'articles.id': 'integer',
  'articles.category_id': 'integer',
  'withdrawals.id': 'integer',
  'address_book.id': 'integer',
  'passkeys.id': 'integer',
  'sessions.id': 'bigint',
  'webauthn_challenges.id': 'bigint',
} as const satisfies Record<string, IdColumnType>;

export type IdColumn = keyof typeof idColumns;

const columnsOf = new WeakMap<object, IdColumn>();

/** The schema of an id naming a row by `column`: digits only, from 1 to the column's largest. */
export function rowId(column: IdColumn) {
  const schema = decimalInteger(1, idColumnMax[idColumns[column]]);
  columnsOf.set(schema, column);
  return schema;
}

/** The column a schema made by `rowId` names, or undefined for any other schema. */
export function idColumnOf(schema: z.ZodMiniType): IdColumn | undefined {
  return columnsOf.get(schema);
}
