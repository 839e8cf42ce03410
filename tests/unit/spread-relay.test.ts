// What the perpetual markets' nodes tell each other over the bus: a recorded mark reaches every
// node that does not hold its market, exact, with its funding estimate, and never replaces a newer
// one; the node's own markets keep their own marks; a malformed message changes nothing; a cross
// liquidation reaches every node.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { MarkBoard } from '../../server/contract/mark-board.ts';
import type { Recorded } from '../../server/contract/mark-recorder.ts';
import {
  followCrossLiquidations,
  followMarks,
  liquidatedSubject,
  marksSubject,
  publishCrossLiquidation,
  publishMarks,
} from '../../server/contract/spread-relay.ts';

const silent = { warn: () => undefined };

function recorded(symbol: string, mark: bigint | null, at: number, stale = false): Recorded {
  return {
    symbol,
    ts: new Date(at),
    index: mark,
    mark,
    last: null,
    basis: 0n,
    basisSample: null,
    stale,
    rate: 0n,
    fundingIntervalMs: 28_800_000,
  };
}

function follower(bus: LocalBus, held: readonly string[]) {
  const board = new MarkBoard();
  const estimates = new Map<string, bigint>();
  const stop = followMarks(bus, board, {
    holds: (symbol) => held.includes(symbol),
    estimated: (symbol, rate) => estimates.set(symbol, rate),
    log: silent,
  });
  return { board, estimates, stop };
}

describe('the perpetual nodes over the bus', () => {
  it('hands every mark and estimate over exactly, to the nodes not holding its market', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.boolean(),
        (price, estimate, stale) => {
          const bus = new LocalBus();
          const other = follower(bus, ['ETHUSDT']);
          const owner = follower(bus, ['BTCUSDT']);
          publishMarks(bus, [recorded('BTCUSDT', price, 5_000, stale)], () => estimate, silent);
          expect(other.board.get('BTCUSDT')).toEqual({
            price,
            at: new Date(5_000),
            fresh: !stale,
          });
          expect(other.estimates.get('BTCUSDT')).toBe(estimate);
          // The owner's own mark is its recorder's: nothing heard replaces it.
          expect(owner.board.get('BTCUSDT')).toBeUndefined();
          other.stop();
          owner.stop();
        },
      ),
    );
  });

  it('keeps the newer mark, skips a round without a price, and drops malformed messages', () => {
    const bus = new LocalBus();
    const { board, stop } = follower(bus, []);
    publishMarks(bus, [recorded('BTCUSDT', 200n, 2_000)], () => 0n, silent);
    publishMarks(bus, [recorded('BTCUSDT', 100n, 1_000)], () => 0n, silent);
    publishMarks(bus, [recorded('BTCUSDT', null, 3_000)], () => 0n, silent);
    for (const garbage of [null, 'text', { marks: [{ symbol: 'BTCUSDT', price: '-1' }] }]) {
      bus.publish(marksSubject, garbage);
    }
    expect(board.get('BTCUSDT')).toEqual({ price: 200n, at: new Date(2_000), fresh: true });
    stop();
  });

  it('tells every node of a cross liquidation, and nothing of a malformed one', () => {
    const bus = new LocalBus();
    const heard: [number, string][][] = [[], []];
    const stops = heard.map((list) =>
      followCrossLiquidations(bus, (userId, symbol) => list.push([userId, symbol]), silent),
    );
    publishCrossLiquidation(bus, 7, 'BTCUSDT', silent);
    bus.publish(liquidatedSubject, { userId: 'seven', symbol: 'BTCUSDT' });
    expect(heard).toEqual([[[7, 'BTCUSDT']], [[7, 'BTCUSDT']]]);
    for (const stop of stops) stop();
  });
});
