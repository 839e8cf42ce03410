// A perpetual's own order book and trades on the client: the `contract-depth.*` frames folded by the
// local-book protocol (a snapshot, diffs that follow its version, a gap that waits for a fresh
// snapshot, every book waiting after the socket closed), apart from the spot book of the same pair;
// its trades seeded by `/contract/trades` and extended by `contract-trades.*`; and, through the
// worker, the views that hold the channels, the snapshot asked for again after a missed diff, and
// the form's market order reckoned through this book rather than spot's.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { booksFold, contractBooksFold } from '../../core/projections/books.ts';
import { viewAt } from '../../core/projections/client-view.ts';
import { contractTradesFold } from '../../core/projections/trades.ts';
import { reviewContext } from '../../workers/contract/review.ts';
import { createWorkerCore, type WorkerCore } from '../../workers/create-core.ts';
import type { ViewPayloads } from '../../workers/facade.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import { liveEveryMs } from '../../workers/kernel/view.ts';
import { ethMarket, position } from '../support/contract-fixtures.ts';
import { foldAll, logged, takenFrame } from '../support/events.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { fakeSockets } from '../support/fake-socket.ts';

const depth = (seq: number, data: unknown) => takenFrame('contract-depth.ETHUSDT', data, seq);
const snapshot = (seq: number, bids: string[][], asks: string[][]) =>
  depth(seq, { type: 'snapshot', bids, asks });
const diff = (seq: number, prev: number, bids: string[][], asks: string[][] = []) =>
  depth(seq, { type: 'diff', prev, bids, asks });
const closed = () => logged({ source: 'socket', type: 'close', payload: null });

const books = (events: LoggedEvent[]) => foldAll(contractBooksFold, events);
const levels = (side: ReadonlyMap<string, string> | undefined) => [...(side ?? new Map())];

describe('a perpetual’s book', () => {
  it('starts from the snapshot and applies each diff that follows its version', () => {
    const book = books([
      snapshot(10, [['2999.00', '1.5']], [['3001.00', '2']]),
      diff(11, 10, [['2998.00', '0.4']], [['3001.00', '0']]),
    ]).ETHUSDT;
    expect(book?.version).toBe(11);
    expect(levels(book?.bids)).toEqual([
      ['2999.00', '1.5'],
      ['2998.00', '0.4'],
    ]);
    expect(levels(book?.asks)).toEqual([]);
    expect(book?.gap).toBe(false);
  });

  it('stops at a diff that does not follow, and waits for the next snapshot', () => {
    const events = [snapshot(10, [['2999.00', '1']], []), diff(13, 12, [['2990.00', '9']])];
    expect(books(events).ETHUSDT).toMatchObject({ version: 10, gap: true });
    // Diffs while it waits change nothing; the snapshot a resubscription brings starts it again.
    events.push(diff(14, 13, [['2980.00', '1']]));
    expect(levels(books(events).ETHUSDT?.bids)).toEqual([['2999.00', '1']]);
    events.push(snapshot(14, [['2990.00', '9']], []));
    expect(books(events).ETHUSDT).toMatchObject({ version: 14, gap: false });
    expect(levels(books(events).ETHUSDT?.bids)).toEqual([['2990.00', '9']]);
  });

  it('waits for a snapshot once the socket closed, as every book does', () => {
    const events = [
      snapshot(3, [['2999.00', '1']], []),
      takenFrame('contract-depth.BTCUSDT', { type: 'snapshot', bids: [], asks: [] }, 7),
      closed(),
    ];
    expect(books(events).ETHUSDT?.gap).toBe(true);
    expect(books(events).BTCUSDT?.gap).toBe(true);
  });

  it('is not the spot book of the same pair', () => {
    const events = [
      snapshot(3, [['2999.00', '1']], []),
      takenFrame('depth.ETHUSDT', { type: 'snapshot', bids: [['2500.00', '7']], asks: [] }, 9),
    ];
    expect(levels(books(events).ETHUSDT?.bids)).toEqual([['2999.00', '1']]);
    expect(levels(foldAll(booksFold, events).ETHUSDT?.bids)).toEqual([['2500.00', '7']]);
  });
});

describe('a perpetual’s trades', () => {
  it('keeps the answer newest first, with frames that came before it on top', () => {
    const trades = foldAll(contractTradesFold, [
      takenFrame('contract-trades.ETHUSDT', [
        ['3000.10', '0.2', 'buy', 300],
        ['3000.20', '0.1', 'sell', 310],
      ]),
      logged({
        source: 'api',
        type: 'contract-recent-trades',
        payload: {
          symbol: 'ETHUSDT',
          trades: [
            ['3000.10', '0.2', 'buy', 300],
            ['2999.90', '1', 'sell', 200],
          ],
        },
      }),
      takenFrame('contract-trades.ETHUSDT', [['3000.30', '0.5', 'buy', 320]]),
    ]);
    expect(trades.ETHUSDT?.map((trade) => trade[3])).toEqual([320, 310, 300, 200]);
  });
});

describe('the market order’s book', () => {
  it('is the perpetual’s own book, not the spot book of the same pair', () => {
    const view = viewAt([
      logged({ source: 'api', type: 'contract-markets', payload: { list: [ethMarket] } }),
      takenFrame('depth.ETHUSDT', { type: 'snapshot', bids: [], asks: [['2500.00', '7']] }, 4),
      snapshot(5, [], [['3001.00', '2']]),
    ]);
    expect(reviewContext(view, 'ETHUSDT')?.book?.asks).toEqual([[300_100_000_000n, 200_000_000n]]);
  });

  it('is left out while the book waits for a snapshot', () => {
    const view = viewAt([
      logged({ source: 'api', type: 'contract-markets', payload: { list: [ethMarket] } }),
      snapshot(5, [], [['3001.00', '2']]),
      diff(9, 8, [], [['3002.00', '1']]),
    ]);
    expect(reviewContext(view, 'ETHUSDT')?.book).toBeNull();
  });
});

// A view of the perpetuals is first sent once their domain has loaded in the worker: each test
// waits for that load after watching one.
describe('the perpetual’s book through the worker', () => {
  let sockets: ReturnType<typeof fakeSockets>;
  let frames: (() => void)[];
  let scheduler: FakeScheduler;
  let store: EventStore;
  let core: WorkerCore;
  let requested: string[];
  let stores = 0;

  // A frame the page draws once a live view's interval has passed since the last it was sent.
  const drawFrame = () => {
    scheduler.advance(liveEveryMs);
    const pending = frames;
    frames = [];
    for (const run of pending) run();
  };
  const subscriptions = () =>
    sockets.latest.sent.flatMap((frame) => {
      const { op, channels } = frame as { op: string; channels?: string[] };
      return (channels ?? []).map((channel) => `${op} ${channel}`);
    });
  const send = (channel: string, seq: number, data: unknown) =>
    sockets.latest.serverSends({ channel, seq, ts: seq, data });
  const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });

  function answer(path: string): unknown {
    if (path === '/contract/trades') {
      return ok({ symbol: 'ETHUSDT', trades: [['2999.50', '0.3', 'sell', 100]] });
    }
    if (path === '/contract/markets') return ok({ list: [ethMarket] });
    if (path === '/contract/positions') return ok({ list: [position(1)] });
    if (path === '/contract/orders') return ok({ list: [], total: 0, page: 1, size: 100 });
    if (path === '/contract/history') return ok({ list: [], total: 0, page: 1, size: 20 });
    return { code: 1040, msg: 'nope', data: null };
  }

  beforeEach(async () => {
    scheduler = new FakeScheduler();
    sockets = fakeSockets();
    frames = [];
    requested = [];
    store = new EventStore({
      name: `contract-book-${++stores}`,
      scheduler,
    });
    await store.open();
    const fetch = (async (address: string) => {
      const path = new URL(address, 'http://x').pathname.replace('/api', '');
      requested.push(path);
      return new Response(JSON.stringify(answer(path)));
    }) as unknown as typeof globalThis.fetch;
    core = createWorkerCore({
      apiBase: '/api',
      socketUrl: 'ws://x/ws',
      fetch,
      createSocket: sockets.create,
      scheduler,
      store,
      requestFrame: (run) => frames.push(run),
    });
    core.start();
    sockets.latest.serverOpens();
  });

  afterEach(() => {
    core.stop();
    store.close();
  });

  it('notices a missed diff, logs why, asks for a new snapshot and shows the book it brings', async () => {
    const shown: ViewPayloads['contractBook'][] = [];
    core.watch('contractBook', (view) => shown.push(view), { symbol: 'ETHUSDT' });
    await vi.dynamicImportSettled();
    expect(subscriptions()).toEqual(['sub contract-depth.ETHUSDT']);
    send('contract-depth.ETHUSDT', 5, { type: 'snapshot', bids: [['2999.00', '1']], asks: [] });
    send('contract-depth.ETHUSDT', 6, {
      type: 'diff',
      prev: 5,
      bids: [['2998.00', '2']],
      asks: [],
    });
    drawFrame();
    expect(shown.at(-1)?.bids).toEqual([
      // Shown price, shown amount, depth so far, the exact price a tap takes and the exact
      // amount the depth chart sums.
      ['2,999.00', '1', 1, '2999.00', '1'],
      ['2,998.00', '2', 3, '2998.00', '2'],
    ]);
    send('contract-depth.ETHUSDT', 9, { type: 'diff', prev: 8, bids: [], asks: [] });
    drawFrame();
    expect(shown.at(-1)?.resyncing).toBe(true);
    expect(subscriptions()).toEqual(['sub contract-depth.ETHUSDT', 'sub contract-depth.ETHUSDT']);
    expect(await core.capture()).toContain(
      '"type":"contract-book-resync","payload":{"symbol":"ETHUSDT"}',
    );
    send('contract-depth.ETHUSDT', 9, { type: 'snapshot', bids: [], asks: [['3001.00', '4']] });
    drawFrame();
    expect(shown.at(-1)).toMatchObject({
      resyncing: false,
      version: 9,
      asks: [['3,001.00', '4', 4, '3001.00', '4']],
    });
  });

  it('waits for the snapshot a reconnection brings rather than asking while closed', async () => {
    core.watch('contractBook', () => {}, { symbol: 'ETHUSDT' });
    await vi.dynamicImportSettled();
    send('contract-depth.ETHUSDT', 5, { type: 'snapshot', bids: [], asks: [] });
    sockets.latest.drops();
    expect(await core.capture()).not.toContain('contract-book-resync');
  });

  it('loads the trades over HTTP first, then follows their channel', async () => {
    const shown: ViewPayloads['contractTrades'][] = [];
    core.watch('contractTrades', (view) => shown.push(view), { symbol: 'ETHUSDT' });
    await vi.dynamicImportSettled();
    expect(requested).toEqual(['/contract/trades']);
    expect(subscriptions()).toEqual(['sub contract-trades.ETHUSDT']);
    const times = () => {
      drawFrame();
      return shown.at(-1)?.rows.map((row) => row[3]);
    };
    await expect.poll(times).toEqual([100]);
    send('contract-trades.ETHUSDT', 1, [['3000.00', '0.1', 'buy', 200]]);
    expect(times()).toEqual([200, 100]);
  });

  it('holds the book for the trade page’s review, and the user’s orders while signed in', async () => {
    core.watch('contract', () => {}, { symbol: 'ETHUSDT' });
    await vi.dynamicImportSettled();
    expect(subscriptions()).toContain('sub contract-depth.ETHUSDT');
    expect(subscriptions()).not.toContain('sub contract-orders');
    core.setCredentials({ token: 'user-token', language: 'en' });
    expect(subscriptions()).toContain('sub contract-orders');
  });

  it('loads no orders when a position changes: the orders channel tells them', async () => {
    core.setCredentials({ token: 'user-token', language: 'en' });
    core.watch('contract', () => {}, { symbol: 'ETHUSDT' });
    await vi.dynamicImportSettled();
    await expect
      .poll(() => requested.filter((path) => path === '/contract/orders'))
      .toHaveLength(1);
    send('positions', 1, [{ ...position(1, { quantity: '0.2' }), status: 'open' }]);
    send('positions', 2, [{ ...position(1, { quantity: '0.2' }), status: 'closed' }]);
    // A closed position brings the history's first page, for how it closed.
    await expect
      .poll(() => requested.filter((path) => path === '/contract/history'))
      .toHaveLength(1);
    expect(requested.filter((path) => path === '/contract/orders')).toHaveLength(1);
  });
});
