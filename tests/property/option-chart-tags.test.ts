// The second contract's chart tags (src/chart/draw-levels.ts) for any set of opening prices: no
// two tags overlap, each lies whole inside the price pane (never over the legend above it or the
// volume and time axis below), a lone tag sits at its price where the pane allows, and tags are
// only left out when the pane cannot hold them all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadTags } from '../../src/chart/draw-levels.ts';

const height = 16;
const gap = 2;

describe('the tags of a chart’s price levels', () => {
  it('never overlap each other or leave the pane', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -500, max: 800, noNaN: true }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 400 }),
        (ys, top, span) => {
          const bottom = top + span;
          const placed = spreadTags(ys, top, bottom, height, gap);
          expect(placed).toHaveLength(ys.length);
          const drawn = placed.filter((y): y is number => y !== null).sort((a, b) => a - b);
          for (const y of drawn) {
            expect(y - height / 2).toBeGreaterThanOrEqual(top - 1e-9);
            expect(y + height / 2).toBeLessThanOrEqual(bottom + 1e-9);
          }
          for (let i = 1; i < drawn.length; i++) {
            expect((drawn[i] as number) - (drawn[i - 1] as number)).toBeGreaterThanOrEqual(
              height - 1e-9,
            );
          }
          const room = span < height ? 0 : Math.floor((span - height) / (height + gap)) + 1;
          expect(drawn.length).toBe(Math.min(ys.length, room));
        },
      ),
    );
  });

  it('keeps a lone tag at its price, and stacks two contracts opened a cent apart', () => {
    expect(spreadTags([100], 18, 200)).toEqual([100]);
    expect(spreadTags([5], 18, 200)).toEqual([26]);
    const [a, b] = spreadTags([100, 100.3], 18, 200);
    expect(Math.abs((a as number) - (b as number))).toBeGreaterThanOrEqual(height);
  });
});
