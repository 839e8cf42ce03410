// A book's best bid and ask, as the door's `@bookTicker` stream reads it on every tick that moved a
// book and its ticker calls on every request: `DepthBook.top` (one pass over each side) against
// the sorted snapshot cut to one level (`snapshot(1)`, what the calls read before), on the same
// books, with identical answers checked. Levels per side as a thin, a quoted and a deep book hold.
import { DepthBook, type UnitLevel } from '../server/market/depth-book.ts';
import { markdownTable } from './table.ts';

const rounds = 5;
/** Reads per round: fewer for deeper books, so each round takes a fraction of a second. */
const callsFor = (levels: number) => Math.round(2_000_000 / levels);

function bookOf(levels: number): DepthBook {
  // A fixed linear congruential sequence: the same book every run, its levels in no order.
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const side = (from: number): UnitLevel[] =>
    Array.from({ length: levels }, () => [from + (next() % (levels * 10)), 1 + (next() % 100)]);
  const book = new DepthBook();
  book.apply('snapshot', side(1_000), side(1_000 + levels * 10));
  book.publish();
  return book;
}

function nsPerCall(calls: number, op: () => unknown): number {
  op();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let call = 0; call < calls; call++) op();
    best = Math.min(best, Number(process.hrtime.bigint() - started));
  }
  return best / calls;
}

export async function run(): Promise<void> {
  const rows: string[][] = [];
  for (const levels of [20, 200, 2_000]) {
    const book = bookOf(levels);
    const sorted = book.snapshot(1);
    const top = book.top();
    if (JSON.stringify([sorted.bids[0], sorted.asks[0]]) !== JSON.stringify([top.bid, top.ask])) {
      throw new Error(`the top differs from the sorted snapshot at ${levels} levels`);
    }
    const calls = callsFor(levels);
    const baseline = nsPerCall(calls, () => book.snapshot(1));
    const onePass = nsPerCall(calls, () => book.top());
    rows.push([
      levels.toLocaleString('en'),
      baseline.toFixed(0),
      onePass.toFixed(0),
      `${(baseline / onePass).toFixed(1)}×`,
    ]);
  }
  process.stdout.write(
    [
      `Best of ${rounds} rounds of 2,000,000 ÷ levels reads, identical answers checked`,
      '',
      markdownTable(
        [
          { title: 'levels per side' },
          { title: 'snapshot(1) ns (baseline)', align: 'right' },
          { title: 'top() ns', align: 'right' },
          { title: 'speed-up', align: 'right' },
        ],
        rows,
      ),
      '',
    ].join('\n'),
  );
}
