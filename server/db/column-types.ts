// Column types several tables share, kept in a file of their own so that a product's table file
// (server/<product>/<product>-tables.ts) and server/db/tables.ts can both use them without a circle.
import type { ColumnType } from 'kysely';

/** Set by the database on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** Amounts are decimal strings of eight places; ids are bigserial (read as text or number). */
export type Bigserial = ColumnType<string | number, string | number, never>;
export type Stamp = ColumnType<Date, Date | string, Date | string>;
