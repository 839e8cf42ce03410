// Recorded index prints as the wire carries them (ISO seconds, decimal prices) read into the form
// the published rule takes (settlement.ts), so the client finds an opening print, and rechecks a
// verification, with the very function the server settles with.
import type { IndexPrintRow } from '../../schemas/api/prints.schema.ts';
import { parseAmount } from '../money.ts';
import { type IndexPrint, printAt } from './settlement.ts';

/** A wire print with its time in ms and its price in atoms; the row it came from kept. */
export interface ReadPrint extends IndexPrint {
  row: IndexPrintRow;
}

/** The prints in time order, each read once; a print that cannot be read is left out. */
export function readPrints(rows: readonly IndexPrintRow[]): ReadPrint[] {
  const read: ReadPrint[] = [];
  for (const row of rows) {
    const ts = Date.parse(row.ts);
    const price = parseAmount(row.price);
    if (Number.isNaN(ts) || price === null) continue;
    read.push({ ts, price, stale: row.stale, row });
  }
  return read.sort((a, b) => a.ts - b.ts);
}

/** The print the rule reads at `at` among wire prints: the first fresh one within the tolerance. */
export function rulePrint(rows: readonly IndexPrintRow[], at: number): ReadPrint | null {
  return printAt(readPrints(rows), at);
}
