// The price ladder of the spot engine against a sorted array, over tick ranges from tiny to 2^53:
// the book relies on it to find a level by price, the best level and the next one outwards.
import { describe, expect, it } from 'vitest';
import { PriceLadder } from '../../server/matching/price-ladder.ts';
import { NONE } from '../../server/matching/slot.ts';
import { seededRandom } from '../support/seeded-random.ts';

/** Plays random adds and removes on a ladder and a sorted model; level slot = position in `ticks`. */
function play(maxTick: number, steps: number, seed: number, draw: (next: () => number) => number) {
  const next = seededRandom(seed);
  const ladder = new PriceLadder(maxTick);
  const model = new Map<number, number>();
  let slot = 0;
  const sorted = () => [...model.keys()].sort((a, b) => a - b);
  for (let step = 0; step < steps; step++) {
    const keys = sorted();
    if (keys.length > 0 && next() < 0.45) {
      const tick = keys[Math.floor(next() * keys.length)] as number;
      ladder.remove(tick);
      model.delete(tick);
    } else {
      const tick = draw(next);
      if (!model.has(tick)) {
        ladder.add(tick, slot);
        model.set(tick, slot++);
      }
    }
    const now = sorted();
    const slotOf = (tick: number | undefined) => (tick === undefined ? NONE : model.get(tick));
    expect(ladder.highest()).toBe(slotOf(now.at(-1)));
    expect(ladder.lowest()).toBe(slotOf(now[0]));
    const probe = next() < 0.5 && now.length > 0 ? (now[step % now.length] as number) : draw(next);
    expect(ladder.get(probe)).toBe(model.get(probe) ?? NONE);
    expect(ladder.neighbour(probe, false)).toBe(slotOf(now.filter((t) => t < probe).at(-1)));
    expect(ladder.neighbour(probe, true)).toBe(slotOf(now.find((t) => t > probe)));
  }
  return model.size;
}

describe('spot engine price ladder', () => {
  it('is empty to begin with', () => {
    const ladder = new PriceLadder(1_000);
    expect([ladder.highest(), ladder.lowest(), ladder.get(5)]).toEqual([NONE, NONE, NONE]);
    expect(ladder.neighbour(5, true)).toBe(NONE);
    expect(ladder.neighbour(5, false)).toBe(NONE);
  });

  it('agrees with a sorted array on a dense range of ticks', () => {
    play(200, 3_000, 1, (next) => 1 + Math.floor(next() * 200));
  });

  it('agrees with a sorted array on ticks clustered near a price', () => {
    play(100_000_000, 3_000, 2, (next) => 1_000_000 + Math.floor((next() - 0.5) * 3_000));
  });

  it('agrees with a sorted array up to 10^10 ticks and up to 2^53', () => {
    // Spread over the whole range, so the tree's upper digits (above 2^30) are exercised.
    play(10_000_000_000, 2_000, 3, (next) => 1 + Math.floor(next() * 10_000_000_000));
    const max = Number.MAX_SAFE_INTEGER;
    play(max, 2_000, 4, (next) =>
      next() < 0.2 ? max - Math.floor(next() * 64) : 1 + Math.floor(next() * max),
    );
  });

  it('frees emptied nodes and reuses them', () => {
    const ladder = new PriceLadder(10_000_000_000);
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 100; i++) ladder.add(round * 99_999_989 + i * 1_000_003, i);
      for (let i = 0; i < 100; i++) ladder.remove(round * 99_999_989 + i * 1_000_003);
      expect(ladder.highest()).toBe(NONE);
    }
    ladder.add(7, 1);
    expect([ladder.highest(), ladder.lowest()]).toEqual([1, 1]);
  });
});
