// What the perpetual markets' nodes tell each other over the bus, where the markets are spread
// over the nodes. The marks: each market's mark is recorded by the node holding it, and every node
// needs every market's (a batch backs a cross position with the user's positions in the other
// markets at their marks; the market list and the positions answer show them). Each node publishes
// the marks it records; every node keeps those of the markets it does not hold. Prices cross as
// decimal strings of atoms. And a cross liquidation: the owner's orders in the other markets are
// cancelled by the nodes holding those markets.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import { atomsText } from '../market/print-relay.ts';
import type { MarkBoard } from './mark-board.ts';
import type { Recorded } from './mark-recorder.ts';

export const marksSubject = 'contract.marks';

const relayedMarks = z.object({
  marks: z
    .array(
      z.object({
        symbol: z.string().min(1).max(64),
        price: atomsText,
        at: z.number().int().nonnegative(),
        fresh: z.boolean(),
        /** The coming funding round's estimated rate, parts per 10^8. */
        estimate: z
          .string()
          .regex(/^-?(0|[1-9]\d{0,30})$/)
          .transform((text) => BigInt(text)),
      }),
    )
    .max(10_000),
});
type RelayedMarks = z.input<typeof relayedMarks>;

/** Publishes a round of recorded marks (those with a price), each with its funding estimate. */
export function publishMarks(
  bus: Bus,
  rows: readonly Recorded[],
  estimateOf: (symbol: string) => bigint,
  log: BusLog,
): void {
  const message: RelayedMarks = {
    marks: rows.flatMap((row) =>
      row.mark === null
        ? []
        : [
            {
              symbol: row.symbol,
              price: row.mark.toString(),
              at: row.ts.getTime(),
              fresh: !row.stale,
              estimate: estimateOf(row.symbol).toString(),
            },
          ],
    ),
  };
  if (message.marks.length === 0) return;
  try {
    bus.publish(marksSubject, message);
  } catch (error) {
    log.warn({ err: error, subject: marksSubject }, 'marks not published');
  }
}

/**
 * Keeps on `board` the marks other nodes record, for the markets not held here (`holds`), and their
 * funding estimates: a mark never goes back to an older one. Answers the function that stops.
 */
export function followMarks(
  bus: Bus,
  board: MarkBoard,
  options: {
    holds(symbol: string): boolean;
    /** Told of another node's funding estimate for one of its markets. */
    estimated(symbol: string, rate: bigint): void;
    log: BusLog;
  },
): () => void {
  const { holds, estimated, log } = options;
  return listen(bus, marksSubject, relayedMarks, log, ({ marks }) => {
    for (const mark of marks) {
      if (holds(mark.symbol)) continue;
      const known = board.get(mark.symbol);
      if (known && known.at.getTime() > mark.at) continue;
      board.set(mark.symbol, { price: mark.price, at: new Date(mark.at), fresh: mark.fresh });
      estimated(mark.symbol, mark.estimate);
    }
  });
}

export const liquidatedSubject = 'contract.liquidated';

const crossLiquidation = z.object({
  userId: z.number().int().positive(),
  symbol: z.string().min(1).max(64),
});

/** Tells every node of a committed cross liquidation: each cancels the owner's orders it holds. */
export function publishCrossLiquidation(bus: Bus, userId: number, symbol: string, log: BusLog) {
  try {
    bus.publish(liquidatedSubject, { userId, symbol } satisfies z.input<typeof crossLiquidation>);
  } catch (error) {
    log.warn({ err: error, subject: liquidatedSubject }, 'cross liquidation not published');
  }
}

export function followCrossLiquidations(
  bus: Bus,
  cancel: (userId: number, symbol: string) => void,
  log: BusLog,
): () => void {
  return listen(bus, liquidatedSubject, crossLiquidation, log, ({ userId, symbol }) =>
    cancel(userId, symbol),
  );
}
