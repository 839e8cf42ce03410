// The replay feed and the capture writer, on the sample capture and small hand-made ones, with a
// simulated clock: what is played, in what order, when, with which times, and what is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TimerHandle } from '../../core/scheduler.ts';
import type { FeedLevel, FeedListener } from '../../server/market/feed.ts';
import {
  CaptureError,
  captureWriter,
  fanOut,
  loopGapMs,
  replayFeed,
} from '../../server/market/feeds/replay-feed.ts';
import expected from '../fixtures/market/sample-capture.expected.json' with { type: 'json' };
import { FakeScheduler } from '../support/fake-scheduler.ts';

const sample = path.resolve(import.meta.dirname, '../fixtures/market/sample-capture.ndjson');
const scratch = mkdtempSync(path.join(tmpdir(), 'replay-feed-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
function captureFile(lines: readonly (string | object)[]): string {
  files += 1;
  const file = path.join(scratch, `capture-${files}.ndjson`);
  const text = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line)));
  writeFileSync(file, `${text.join('\n')}\n`);
  return file;
}

/** A simulated clock that can also jump to its next timer, so a replay is stepped, not waited on. */
class SteppingScheduler extends FakeScheduler {
  readonly #dues = new Map<TimerHandle, number>();

  override setTimeout(run: () => void, ms: number): TimerHandle {
    const handle = super.setTimeout(() => {
      this.#dues.delete(handle);
      run();
    }, ms);
    this.#dues.set(handle, this.now() + Math.max(0, ms));
    return handle;
  }

  override clearTimeout(handle: TimerHandle): void {
    this.#dues.delete(handle);
    super.clearTimeout(handle);
  }

  runNext(): void {
    const next = Math.min(...this.#dues.values());
    if (Number.isFinite(next)) this.advance(next - this.now());
  }
}

type Call =
  | { kind: 'price'; symbol: string; price: string; ts: number }
  | { kind: 'trade'; symbol: string; price: string; quantity: string; side: string; ts: number }
  | {
      kind: 'depth';
      symbol: string;
      type: string;
      bids: readonly FeedLevel[];
      asks: readonly FeedLevel[];
      ts: number;
    }
  | { kind: 'status'; connected: boolean; detail: string };

function recorder(clock: { now(): number }) {
  const calls: Call[] = [];
  const at: number[] = [];
  const push = (call: Call) => {
    calls.push(call);
    at.push(clock.now());
  };
  const listener: FeedListener = {
    price: (symbol, price, ts) => push({ kind: 'price', symbol, price, ts }),
    trade: (symbol, price, quantity, side, ts) =>
      push({ kind: 'trade', symbol, price, quantity, side, ts }),
    depth: (symbol, type, bids, asks, ts) => push({ kind: 'depth', symbol, type, bids, asks, ts }),
    status: (connected, detail) => push({ kind: 'status', connected, detail }),
  };
  const market = () => calls.filter((call) => call.kind !== 'status');
  const finished = () => calls.some((call) => call.kind === 'status' && !call.connected);
  return { calls, at, listener, market, finished };
}

/** Lets file reads complete and steps the clock, until the condition holds. */
async function until(condition: () => boolean, scheduler?: SteppingScheduler): Promise<void> {
  for (let turn = 0; turn < 100_000; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
    scheduler?.runNext();
  }
  throw new Error('the replay never got there');
}

/** The sample capture's market lines as the listener should see them, shifted by `shift`. */
function sampleCalls(shift: number): Call[] {
  return readFileSync(sample, 'utf8')
    .split('\n')
    .filter((text) => text.trim() !== '')
    .map((text) => JSON.parse(text) as Call & { ts: number })
    .filter((line) => line.kind !== ('source' as string))
    .map((line) => ({ ...line, ts: line.ts + shift }));
}

const minute = 60_000;

/** The naive reference: books as maps, 1-minute candles folded trade by trade. */
function fold(calls: readonly Call[], shift: number) {
  const books = new Map<string, { bids: Map<string, string>; asks: Map<string, string> }>();
  const candles = new Map<
    string,
    Map<number, { o: string; h: string; l: string; c: string; v: bigint; n: number }>
  >();
  const scaleOf = (quantity: string) => quantity.split('.')[1]?.length ?? 0;
  const units = (decimal: string) => BigInt(decimal.replace('.', ''));
  const scales = new Map<string, number>();
  for (const call of calls) {
    if (call.kind === 'depth') {
      const book = (call.type === 'snapshot' ? undefined : books.get(call.symbol)) ?? {
        bids: new Map(),
        asks: new Map(),
      };
      for (const [side, levels] of [
        [book.bids, call.bids],
        [book.asks, call.asks],
      ] as const) {
        for (const [price, quantity] of levels) {
          if (Number(quantity) === 0) side.delete(price);
          else side.set(price, quantity);
        }
      }
      books.set(call.symbol, book);
    }
    if (call.kind === 'trade') {
      scales.set(call.symbol, scaleOf(call.quantity));
      const perSymbol = candles.get(call.symbol) ?? new Map();
      candles.set(call.symbol, perSymbol);
      const t = call.ts - shift - ((call.ts - shift) % minute);
      const candle = perSymbol.get(t);
      const p = call.price;
      if (!candle) perSymbol.set(t, { o: p, h: p, l: p, c: p, v: units(call.quantity), n: 1 });
      else {
        if (Number(p) > Number(candle.h)) candle.h = p;
        if (Number(p) < Number(candle.l)) candle.l = p;
        candle.c = p;
        candle.v += units(call.quantity);
        candle.n += 1;
      }
    }
  }
  const decimal = (value: bigint, scale: number) => {
    const digits = value.toString().padStart(scale + 1, '0');
    return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  };
  const sorted = (levels: Map<string, string>, descending: boolean) =>
    [...levels.entries()].sort((a, b) => (Number(a[0]) - Number(b[0])) * (descending ? -1 : 1));
  return {
    top: (symbol: string) => {
      const book = books.get(symbol);
      if (!book) throw new Error(`no book for ${symbol}`);
      return {
        bids: sorted(book.bids, true).slice(0, 5),
        asks: sorted(book.asks, false).slice(0, 5),
        levels: { bids: book.bids.size, asks: book.asks.size },
      };
    },
    candles: (symbol: string) =>
      [...(candles.get(symbol) ?? new Map()).entries()].map(([t, c]) => ({
        t,
        open: c.o,
        high: c.h,
        low: c.l,
        close: c.c,
        volume: decimal(c.v, scales.get(symbol) ?? 0),
        trades: c.n,
      })),
  };
}

const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const;

describe('replayFeed on the sample capture', () => {
  it('plays every market line in file order at speed 0, the first one now', async () => {
    const now = Date.parse('2026-03-01T12:34:56.789Z');
    const scheduler = new FakeScheduler(now);
    const seen = recorder(scheduler);
    const feed = replayFeed({ file: sample, speed: 0, scheduler });
    await feed.start(seen.listener);
    await until(seen.finished);

    expect(seen.market()).toEqual(sampleCalls(now - expected.firstTs));
    expect(seen.market()[0]?.ts).toBe(now);
    expect(seen.calls[0]).toEqual({
      kind: 'status',
      connected: true,
      detail: `replaying ${sample}`,
    });
    expect(seen.calls.at(-1)).toMatchObject({ kind: 'status', connected: false });
    expect(scheduler.pending).toBe(0);
  });

  it('rebuilds the final books and the 1-minute candles the README documents', async () => {
    const scheduler = new FakeScheduler(expected.firstTs);
    const seen = recorder(scheduler);
    await replayFeed({ file: sample, speed: 0, scheduler }).start(seen.listener);
    await until(seen.finished);

    const reference = fold(seen.market(), 0);
    for (const symbol of symbols) {
      const market = expected.markets[symbol];
      expect(reference.top(symbol)).toEqual({ ...market.top, levels: market.levels });
      expect(reference.candles(symbol)).toEqual(expected.candles1m[symbol]);
      const trades = seen.market().filter((c) => c.kind === 'trade' && c.symbol === symbol);
      expect(trades).toHaveLength(market.trades);
      expect(trades.at(-1)).toMatchObject({ price: market.lastPrice });
    }
    expect(seen.market()).toHaveLength(expected.lines - 1);
  });

  it('starts each market with a snapshot, then updates', async () => {
    const scheduler = new FakeScheduler(expected.firstTs);
    const seen = recorder(scheduler);
    await replayFeed({ file: sample, speed: 0, scheduler }).start(seen.listener);
    await until(seen.finished);
    for (const symbol of symbols) {
      const depth = seen.market().filter((c) => c.kind === 'depth' && c.symbol === symbol);
      const types = depth.map((c) => (c.kind === 'depth' ? c.type : ''));
      expect(types[0]).toBe('snapshot');
      expect(types.slice(1).every((type) => type === 'update')).toBe(true);
    }
  });

  it('keeps candle boundaries with alignMs: the shift is whole minutes and the first line waits', async () => {
    const start = expected.firstTs + 9 * 86_400_000 + 12_345;
    const scheduler = new SteppingScheduler(start);
    const seen = recorder(scheduler);
    const feed = replayFeed({ file: sample, speed: 1, alignMs: minute, scheduler });
    await feed.start(seen.listener);
    await until(() => seen.market().length > 0, scheduler);

    const shift = 9 * 86_400_000 + minute;
    expect(seen.market()[0]?.ts).toBe(expected.firstTs + shift);
    expect(seen.at[1]).toBe(expected.firstTs + shift);
    await feed.stop();

    const fast = new FakeScheduler(start);
    const all = recorder(fast);
    await replayFeed({ file: sample, speed: 0, alignMs: minute, scheduler: fast }).start(
      all.listener,
    );
    await until(all.finished);
    const reference = fold(all.market(), shift);
    for (const symbol of symbols) {
      expect(reference.candles(symbol)).toEqual(expected.candles1m[symbol]);
    }
  });

  it('is labelled simulated, because the capture says it was generated', () => {
    expect(replayFeed({ file: sample }).simulated).toBe(true);
    expect(replayFeed({ file: sample }).name).toBe('replay');
  });
});

const t0 = Date.parse('2026-01-01T00:00:00Z');
const small = [
  { ts: t0, kind: 'price', symbol: 'BTCUSDT', price: '97000.00' },
  {
    ts: t0 + 250,
    kind: 'trade',
    symbol: 'BTCUSDT',
    price: '97001.50',
    quantity: '0.01000',
    side: 'buy',
  },
  { ts: t0 + 250, kind: 'price', symbol: 'BTCUSDT', price: '97001.50' },
  { ts: t0 + 1_000, kind: 'price', symbol: 'ETHUSDT', price: '3400.10' },
  { ts: t0 + 4_000, kind: 'price', symbol: 'BTCUSDT', price: '96999.00' },
];

describe('replayFeed timing', () => {
  it('plays in real time at speed 1: each line when its shifted time comes', async () => {
    const start = t0 + 5 * 86_400_000;
    const scheduler = new SteppingScheduler(start);
    const seen = recorder(scheduler);
    await replayFeed({ file: captureFile(small), speed: 1, scheduler }).start(seen.listener);
    await until(seen.finished, scheduler);

    const times = seen.market().map((call) => call.ts);
    expect(times).toEqual(small.map((line) => line.ts + start - t0));
    expect(seen.at.slice(1, -1)).toEqual(times);
  });

  it('keeps the spacing of the times but plays twice as fast at speed 2', async () => {
    const start = t0 + 86_400_000;
    const scheduler = new SteppingScheduler(start);
    const seen = recorder(scheduler);
    await replayFeed({ file: captureFile(small), speed: 2, scheduler }).start(seen.listener);
    await until(seen.finished, scheduler);

    const times = seen.market().map((call) => call.ts);
    expect(times).toEqual(small.map((line) => line.ts + start - t0));
    expect(seen.at.slice(1, -1)).toEqual(times.map((ts) => start + (ts - start) / 2));
  });

  it('loops: each pass again from the top, later by the capture length and a gap', async () => {
    const scheduler = new FakeScheduler(t0);
    const seen = recorder(scheduler);
    const feed = replayFeed({ file: captureFile(small), speed: 0, loop: true, scheduler });
    await feed.start(seen.listener);
    await until(() => seen.market().length >= small.length * 3);
    await feed.stop();

    const period = 4_000 + loopGapMs;
    const passes = [0, 1, 2].map((pass) =>
      seen.market().slice(pass * small.length, (pass + 1) * small.length),
    );
    passes.forEach((calls, pass) => {
      expect(calls.map((call) => call.ts)).toEqual(small.map((line) => line.ts + pass * period));
      expect(calls.map((call) => call.kind)).toEqual(small.map((line) => line.kind));
    });
  });

  it('stops: nothing more is played and no timer is left', async () => {
    const scheduler = new SteppingScheduler(t0);
    const seen = recorder(scheduler);
    const feed = replayFeed({ file: captureFile(small), speed: 1, scheduler });
    await feed.start(seen.listener);
    await until(() => seen.market().length >= 3, scheduler);
    await feed.stop();
    const played = seen.market().length;

    expect(scheduler.pending).toBe(0);
    scheduler.advance(60_000);
    for (let turn = 0; turn < 20; turn += 1) await new Promise((r) => setImmediate(r));
    expect(seen.market()).toHaveLength(played);
    expect(played).toBeLessThan(small.length);
    expect(seen.finished()).toBe(false);
  });
});

describe('replayFeed refuses a capture it cannot replay faithfully', () => {
  const good = { ts: t0, kind: 'price', symbol: 'BTCUSDT', price: '97000.00' };
  const cases: [string, (string | object)[], number, RegExp][] = [
    ['a line that is not JSON', [good, good, '{"ts":1,'], 3, /not JSON/],
    [
      'a trade without a quantity',
      [good, { ts: t0, kind: 'trade', symbol: 'BTCUSDT', price: '1.00', side: 'buy' }],
      2,
      /quantity/,
    ],
    ['a price with a thousands separator', [{ ...good, price: '97,000.00' }], 1, /price/],
    ['a price of zero', [good, { ...good, price: '0.00' }], 2, /price/],
    [
      'a negative depth quantity',
      [
        good,
        {
          ts: t0,
          kind: 'depth',
          symbol: 'BTCUSDT',
          type: 'update',
          bids: [['1.00', '-1']],
          asks: [],
        },
      ],
      2,
      /bids\.0\.1/,
    ],
    [
      'a trade side that is not buy or sell',
      [
        good,
        { ts: t0, kind: 'trade', symbol: 'BTCUSDT', price: '1.00', quantity: '1', side: 'long' },
      ],
      2,
      /side/,
    ],
    ['a kind it does not know', [good, { ...good, kind: 'ticker' }], 2, /kind/],
    [
      'a time before the line above',
      [good, { ...good, ts: t0 + 10 }, { ...good, ts: t0 + 9 }],
      3,
      /before/,
    ],
    ['a time in seconds as text', [good, { ...good, ts: '1767225600' }], 2, /ts/],
    [
      'a source line after the first',
      [good, { ts: t0, kind: 'source', feed: 'binance', simulated: false }],
      2,
      /first/,
    ],
  ];

  it.each(cases)('%s: names the file and line %#', async (_name, lines, line, problem) => {
    const file = captureFile(lines);
    const scheduler = new FakeScheduler(t0);
    const seen = recorder(scheduler);
    const feed = replayFeed({ file, speed: 0, scheduler });
    const failure = await Promise.resolve(feed.start(seen.listener)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CaptureError);
    expect(failure).toMatchObject({ file, line, message: expect.stringMatching(problem) });
    expect((failure as Error).message.startsWith(`${file}:${line}: `)).toBe(true);
    expect(seen.calls).toEqual([]);
  });

  it('refuses a capture without market lines, and a missing file, by name', async () => {
    const empty = captureFile([{ ts: t0, kind: 'source', feed: 'binance', simulated: false }]);
    await expect(replayFeed({ file: empty }).start(recorder(Date).listener)).rejects.toThrow(
      `${empty}: has no market lines`,
    );
    const missing = path.join(scratch, 'missing.ndjson');
    await expect(replayFeed({ file: missing }).start(recorder(Date).listener)).rejects.toThrow(
      missing,
    );
  });

  it('refuses a speed below zero and a start twice', async () => {
    expect(() => replayFeed({ file: sample, speed: -1 })).toThrow(RangeError);
    const feed = replayFeed({ file: captureFile(small), speed: 0, scheduler: new FakeScheduler() });
    await feed.start(recorder(Date).listener);
    await expect(Promise.resolve().then(() => feed.start(recorder(Date).listener))).rejects.toThrow(
      /already started/,
    );
    await feed.stop();
  });

  it('labels a capture by its source line, and one without it as recorded data', () => {
    const real = captureFile([{ ts: t0, kind: 'source', feed: 'binance', simulated: false }, good]);
    expect(replayFeed({ file: real }).simulated).toBe(false);
    expect(replayFeed({ file: captureFile([good]) }).simulated).toBe(false);
  });
});

describe('captureWriter', () => {
  it('records a replay into a capture identical to the one replayed', async () => {
    const scheduler = new FakeScheduler(expected.firstTs);
    const feed = replayFeed({ file: sample, speed: 0, scheduler });
    const file = path.join(scratch, 'recorded.ndjson');
    const writer = captureWriter(file, feed);
    const seen = recorder(scheduler);
    await feed.start(fanOut(seen.listener, writer));
    await until(seen.finished);
    await writer.close();

    const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
    const [, ...original] = readFileSync(sample, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(header ?? '')).toEqual({
      ts: expected.firstTs,
      kind: 'source',
      feed: 'replay',
      simulated: true,
    });
    expect(lines).toEqual(original);
    expect(writer.lines).toBe(expected.lines - 1);
  });

  it('keeps times in order, raising one earlier than the line before', async () => {
    const file = path.join(scratch, 'mixed-clocks.ndjson');
    const writer = captureWriter(file, { name: 'binance', simulated: false });
    writer.depth('BTCUSDT', 'update', [['96999.00', '1.2']], [], t0 + 40);
    writer.trade('BTCUSDT', '97000.00', '0.015', 'sell', t0 + 35);
    writer.price('BTCUSDT', '97000.00', t0 + 35);
    await writer.close();

    const times = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((text) => (JSON.parse(text) as { ts: number }).ts);
    expect(times).toEqual([t0 + 40, t0 + 40, t0 + 40, t0 + 40]);
    const seen = recorder(Date);
    await replayFeed({ file, speed: 0, scheduler: new FakeScheduler(t0) }).start(seen.listener);
    await until(seen.finished);
    expect(seen.market().map((call) => call.kind)).toEqual(['depth', 'trade', 'price']);
  });

  it('never overwrites an existing capture', () => {
    const file = captureFile(small);
    expect(() => captureWriter(file, { name: 'binance', simulated: false })).toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toContain('97001.50');
  });
});
