// Ids from a table's sequence, taken a block at a time: an order needs its id before the engine
// sees it, and one statement then serves many orders. Ids rise in the order they are handed out,
// which is the time priority a rebuilt book replays. Every id comes from the database's sequence,
// so writers on several nodes never hand out the same one, and a block taken later holds only ids
// above every id handed out before it, whoever took them.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A batch needed more ids than were reserved for it: reserve more, then run it again. */
export class IdsExhausted extends Error {
  constructor(readonly table: string) {
    super(`no ${table} id reserved`);
  }
}

export class SequenceBlock {
  #free: number[] = [];
  #handedOut = 0;

  /**
   * `table`'s `id` column must be a serial. `block` is how many ids a statement takes beyond what
   * the batch asks for.
   */
  constructor(
    private readonly table: string,
    private readonly block = 64,
  ) {}

  /** Makes sure `count` ids are at hand. */
  async reserve(db: Db, count: number): Promise<void> {
    this.#handedOut = 0;
    if (this.#free.length >= count) return;
    const take = count - this.#free.length + this.block;
    const rows = await sql<{ id: string | number }>`
      select nextval(pg_get_serial_sequence(${this.table}, 'id')) as id
      from generate_series(1, ${take}::int)`.execute(db);
    this.#free.push(...rows.rows.map((row) => Number(row.id)));
  }

  next(): number {
    const id = this.#free.shift();
    if (id === undefined) throw new IdsExhausted(this.table);
    this.#handedOut += 1;
    return id;
  }

  /** How many ids `next` handed out since the last `reserve`. */
  get handedOut(): number {
    return this.#handedOut;
  }
}
