// Records a capture: a FeedListener that appends what any feed reports as capture lines, so a
// session of the simulated feed or of an upstream exchange can be replayed later.
import { closeSync, createWriteStream, openSync } from 'node:fs';
import type { FeedLevel, FeedListener, MarketFeed } from '../feed.ts';
import { type CaptureLine, captureLine } from './capture-line.ts';

export interface CaptureWriter extends FeedListener {
  readonly file: string;
  /** Market lines written so far (the source line not counted). */
  readonly lines: number;
  /** Flushes and closes the file; rejects with the first write error, if any. */
  close(): Promise<void>;
}

const levels = (side: readonly FeedLevel[]): [string, string][] =>
  side.map(([price, quantity]) => [price, quantity]);

/**
 * Starts a new capture file for `source` (refuses to overwrite one). Lines keep the order the
 * feed reported them in; a time earlier than the line before is raised to it, because captures
 * are in time order and a live feed mixes clocks (an exchange's trade time, our receipt time).
 */
export function captureWriter(
  file: string,
  source: Pick<MarketFeed, 'name' | 'simulated'>,
): CaptureWriter {
  const fd = openSync(file, 'wx');
  let stream: ReturnType<typeof createWriteStream>;
  try {
    stream = createWriteStream(file, { fd });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let failure: Error | undefined;
  stream.on('error', (error) => {
    failure ??= error;
  });
  let lastTs = Number.NEGATIVE_INFINITY;
  let count = 0;
  let closed = false;

  const write = (line: CaptureLine) => {
    if (closed || failure) return;
    if (count === 0) {
      stream.write(
        captureLine({
          ts: line.ts,
          kind: 'source',
          feed: source.name,
          simulated: source.simulated,
        }),
      );
    }
    lastTs = Math.max(lastTs, line.ts);
    stream.write(captureLine({ ...line, ts: lastTs }));
    count += 1;
  };

  return {
    file,
    get lines() {
      return count;
    },
    price(symbol, price, ts) {
      write({ ts, kind: 'price', symbol, price });
    },
    trade(symbol, price, quantity, side, ts) {
      write({ ts, kind: 'trade', symbol, price, quantity, side });
    },
    depth(symbol, type, bids, asks, ts) {
      write({ ts, kind: 'depth', symbol, type, bids: levels(bids), asks: levels(asks) });
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise<void>((resolve, reject) => {
        // The stream closes its file after the last write, or after an error.
        stream.once('close', () => (failure ? reject(failure) : resolve()));
        stream.end();
      });
    },
  };
}

/** One feed, several listeners: serve the market and record it at the same time. */
export function fanOut(...listeners: FeedListener[]): FeedListener {
  return {
    price: (...args) => {
      for (const listener of listeners) listener.price(...args);
    },
    trade: (...args) => {
      for (const listener of listeners) listener.trade(...args);
    },
    depth: (...args) => {
      for (const listener of listeners) listener.depth(...args);
    },
    status: (...args) => {
      for (const listener of listeners) listener.status?.(...args);
    },
  };
}
