// The local-book protocol end to end: the server's book publishes a snapshot and diffs; a client
// folding them holds exactly the published book, and a missed diff is noticed, never misapplied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { type BooksView, booksFold, initialBooks } from '../../core/projections/books.ts';
import { DepthBook, type UnitLevel } from '../../server/market/depth-book.ts';
import { bookOperation } from '../support/book-operations.ts';
import { foldAll, logged, takenFrame } from '../support/events.ts';

/** A depth frame as the worker logs it. */
const frame = (payload: { channel: string; seq: number; ts: number; data: unknown }) =>
  takenFrame(payload.channel, payload.data, payload.seq, payload.ts);
const foldBooks = (view: BooksView, event: LoggedEvent) => foldAll(booksFold, [event], view);

const asText = (side: readonly UnitLevel[]) =>
  side.map(([price, quantity]) => [String(price), String(quantity)] as const);

function snapshotFrame(book: DepthBook) {
  const snapshot = book.snapshot(1_000);
  return frame({
    channel: 'depth.BTCUSDT',
    seq: snapshot.version,
    ts: 0,
    data: { type: 'snapshot', bids: asText(snapshot.bids), asks: asText(snapshot.asks) },
  });
}

const clientBook = (view: BooksView) => {
  const book = view.BTCUSDT;
  const sorted = (side: ReadonlyMap<string, string>) =>
    [...side]
      .map(([p, q]) => [Number(p), Number(q)])
      .sort((a, b) => (a[0] as number) - (b[0] as number));
  return book && { bids: sorted(book.bids), asks: sorted(book.asks), version: book.version };
};

const serverBook = (book: DepthBook) => {
  const snapshot = book.snapshot(1_000);
  const sorted = (side: UnitLevel[]) =>
    side.map(([p, q]) => [p, q]).sort((a, b) => (a[0] as number) - (b[0] as number));
  return { bids: sorted(snapshot.bids), asks: sorted(snapshot.asks), version: snapshot.version };
};

describe('depth sync', () => {
  it('a client folding snapshot and diffs holds the published book at every version', () => {
    fc.assert(
      fc.property(fc.array(bookOperation, { maxLength: 40 }), fc.nat(40), (operations, joinAt) => {
        const book = new DepthBook();
        let view: BooksView = initialBooks;
        operations.forEach((op, i) => {
          if (i === joinAt) view = foldBooks(view, snapshotFrame(book));
          book.apply(op.kind, op.bids, op.asks);
          if (!op.publish) return;
          const diff = book.publish();
          if (!diff) return;
          view = foldBooks(
            view,
            frame({
              channel: 'depth.BTCUSDT',
              seq: diff.version,
              ts: 0,
              data: {
                type: 'diff',
                prev: diff.prev,
                bids: asText(diff.bids),
                asks: asText(diff.asks),
              },
            }),
          );
          if (view.BTCUSDT) expect(clientBook(view)).toEqual(serverBook(book));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a missed diff marks the book and later diffs do not apply until a new snapshot', () => {
    const book = new DepthBook();
    book.apply('snapshot', [[10, 1]], [[11, 1]]);
    book.publish();
    let view = foldBooks(initialBooks, snapshotFrame(book));
    book.apply('update', [[10, 2]], []);
    book.publish(); // this diff is lost on the way
    book.apply('update', [[9, 4]], []);
    const next = book.publish();
    if (!next) throw new Error('expected a diff');
    view = foldBooks(
      view,
      frame({
        channel: 'depth.BTCUSDT',
        seq: next.version,
        ts: 0,
        data: { type: 'diff', prev: next.prev, bids: asText(next.bids), asks: [] },
      }),
    );
    expect(view.BTCUSDT?.gap).toBe(true);
    expect(view.BTCUSDT?.bids.get('9')).toBeUndefined();
    view = foldBooks(view, snapshotFrame(book));
    expect(view.BTCUSDT?.gap).toBe(false);
    expect(clientBook(view)).toEqual(serverBook(book));
  });

  it('a closed socket marks every book until its snapshot comes back', () => {
    const book = new DepthBook();
    book.apply('snapshot', [[10, 1]], []);
    book.publish();
    let view = foldBooks(initialBooks, snapshotFrame(book));
    view = foldBooks(view, logged({ source: 'socket', type: 'close', payload: null }));
    expect(view.BTCUSDT?.gap).toBe(true);
  });
});
