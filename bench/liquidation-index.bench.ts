// The liquidation check per mark tick with 100,000 open positions: the index ordered by
// liquidation price (server/contract/liquidation-index.ts) against a scan of every position's
// stored liquidation price, on the same random walk of the mark (0.1 % a tick). Each tick
// liquidates what it reached, so both take those positions out, as the engine will; their
// answers are checked equal on every tick. Targets: ≤ 1 ms a tick and ≥ 50× the scan.
import type { Direction } from '../core/contract/margin.ts';
import { LiquidationIndex } from '../server/contract/liquidation-index.ts';

const positions = 100_000;
const ticks = 2_000;
const usdt = 100_000_000n;

interface Filed {
  id: number;
  direction: Direction;
  price: bigint;
}

function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function run(): Promise<void> {
  const next = randomSource(7);
  const start = 50_000n * usdt;
  // Liquidation prices 1 % to 50 % away from the start, longs below and shorts above.
  const filed: Filed[] = Array.from({ length: positions }, (_, id) => {
    const direction: Direction = next() < 0.5 ? 'long' : 'short';
    const distance = (start * BigInt(Math.floor((0.01 + 0.49 * next()) * 1e6))) / 1_000_000n;
    return { id, direction, price: direction === 'long' ? start - distance : start + distance };
  });
  const marks: bigint[] = [];
  let mark = start;
  for (let i = 0; i < ticks; i++) {
    mark += ((next() < 0.5 ? -1n : 1n) * mark) / 1_000n;
    marks.push(mark);
  }

  /** Runs the ticks on a fresh check; each tick's answer is liquidated (taken out). */
  const time = (make: () => { reached(at: bigint): number[]; remove(ids: number[]): void }) => {
    const check = make();
    const answers: number[][] = [];
    const started = process.hrtime.bigint();
    for (const at of marks) {
      const reached = check.reached(at);
      check.remove(reached);
      answers.push(reached);
    }
    return { answers, msPerTick: Number(process.hrtime.bigint() - started) / 1e6 / ticks };
  };
  const scanning = () => {
    const open = new Uint8Array(positions).fill(1);
    return {
      reached: (at: bigint) =>
        filed
          .filter(
            (p) => open[p.id] === 1 && (p.direction === 'long' ? p.price >= at : p.price <= at),
          )
          .map((p) => p.id),
      remove: (ids: number[]) => {
        for (const id of ids) open[id] = 0;
      },
    };
  };
  const indexing = () => {
    const index = new LiquidationIndex();
    for (const position of filed) index.set(position.id, position.direction, position.price);
    return {
      reached: (at: bigint) => index.reached(at),
      remove: (ids: number[]) => {
        for (const id of ids) index.delete(id);
      },
    };
  };
  time(scanning); // warm-up
  time(indexing);
  const scanned = time(scanning);
  const indexed = time(indexing);
  for (const [i, answer] of indexed.answers.entries()) {
    const expected = [...(scanned.answers[i] ?? [])].sort((a, b) => a - b);
    if (answer.sort((a, b) => a - b).join() !== expected.join()) {
      throw new Error(`tick ${i}: the answers differ`);
    }
  }
  const liquidated = indexed.answers.reduce((sum, answer) => sum + answer.length, 0);
  process.stdout.write(
    [
      `${positions.toLocaleString('en')} positions, ${ticks} ticks of ±0.1 %, ${liquidated} liquidated in all; the same answers on every tick.`,
      '',
      '| check | ms a tick | vs scan |',
      '|---|---:|---:|',
      `| scan of every position | ${scanned.msPerTick.toFixed(3)} | 1.00× |`,
      `| liquidation index | ${indexed.msPerTick.toFixed(4)} | ${(scanned.msPerTick / indexed.msPerTick).toFixed(0)}× |`,
      '',
    ].join('\n'),
  );
}
