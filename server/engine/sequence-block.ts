// Ids from a table's sequence, taken a block at a time: an order needs its id before the engine
// sees it, and one statement then serves many orders. Ids rise in the order they are handed out,
// which is the time priority a rebuilt book replays.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Ids taken per statement beyond what the batch needs. */
const block = 64;

export class SequenceBlock {
  #free: number[] = [];

  /** `table`'s `id` column must be a serial. */
  constructor(private readonly table: string) {}

  /** Makes sure `count` ids are at hand. */
  async reserve(db: Db, count: number): Promise<void> {
    if (this.#free.length >= count) return;
    const take = count - this.#free.length + block;
    const rows = await sql<{ id: string | number }>`
      select nextval(pg_get_serial_sequence(${this.table}, 'id')) as id
      from generate_series(1, ${take}::int)`.execute(db);
    this.#free.push(...rows.rows.map((row) => Number(row.id)));
  }

  next(): number {
    const id = this.#free.shift();
    if (id === undefined) throw new Error(`no ${this.table} id reserved`);
    return id;
  }
}
