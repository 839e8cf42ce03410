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

/** A column a request names a row by, as `table.column`. */
export type IdColumn = `${string}.${string}`;

export interface IdColumnOf {
  column: IdColumn;
  type: IdColumnType;
}

/**
 * Every column named so far, with its type: each schema declares the columns its calls take, so no
 * shared list names a product's tables, and a test reads this to hold the types to the database.
 */
const declared = new Map<IdColumn, IdColumnType>();
const columnsOf = new WeakMap<object, IdColumnOf>();

/** The schema of an id naming a row by `column` of `type`: digits only, from 1 to its largest. */
export function rowId(column: IdColumn, type: IdColumnType) {
  const known = declared.get(column);
  if (known && known !== type) throw new Error(`${column} is declared both ${known} and ${type}`);
  declared.set(column, type);
  const schema = decimalInteger(1, idColumnMax[type]);
  columnsOf.set(schema, { column, type });
  return schema;
}

/** The column a schema made by `rowId` names, or undefined for any other schema. */
export function idColumnOf(schema: z.ZodMiniType): IdColumnOf | undefined {
  return columnsOf.get(schema);
}

/** The columns declared by the schemas loaded so far, with their types. */
export function declaredIdColumns(): ReadonlyMap<IdColumn, IdColumnType> {
  return declared;
}
