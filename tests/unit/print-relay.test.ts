// The index prints over the bus: a node without the market data hears every round the recording
// node publishes, with the very prices (bigint atoms), sources and stale flag, in order; never a
// round older than what it has, nor a malformed message; nothing once stopped. At start it begins
// from the newest stored print of every market.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/database.ts';
import type { RecordedPrint } from '../../server/market/index-prints.ts';
import { printsSubject, publishPrints, RelayedPrints } from '../../server/market/print-relay.ts';
import { jsonBus } from '../support/json-bus.ts';
import { RecordedRounds } from '../support/recorded-prints.ts';

const second = 1_000;
const start = Date.UTC(2026, 0, 1);

const print = (symbol: string, at: number, price: bigint, stale = false): RecordedPrint => ({
  symbol,
  ts: start + at * second,
  price,
  sources: stale ? [] : ['simulated', 'binance'],
  stale,
});

let db: Db;
let closeDb: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  db = opened.db;
  closeDb = () => opened.close();
}, 120_000);
afterAll(() => closeDb?.());

/** A recording node and a following one on one bus; the follower started on the database. */
async function pair() {
  const bus = jsonBus();
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => void warnings.push(message) };
  const recorder = new RecordedRounds();
  const unpublish = publishPrints(bus, recorder, log);
  const relayed = new RelayedPrints({ bus, log });
  await relayed.start(db);
  const heard: (readonly RecordedPrint[])[] = [];
  relayed.onRecorded((round) => heard.push(round));
  return { bus, recorder, relayed, heard, warnings, unpublish };
}

describe('the index prints over the bus', () => {
  it('bring every round with its exact prices, sources and stale flag', async () => {
    const { recorder, relayed, heard } = await pair();
    const round = [print('BTCUSDT', 1, 9_712_345_678_901n), print('XRPUSDT', 1, 21_999_999n, true)];
    recorder.record(round);
    expect(heard).toEqual([round]);
    expect(relayed.latest('BTCUSDT')).toEqual(round[0]);
    expect(relayed.latest('XRPUSDT')).toEqual(round[1]);
    expect(relayed.latestRound()).toEqual(round);
    relayed.stop();
  });

  it('keep any price from 0 to 10^30 atoms exactly', async () => {
    const { recorder, relayed, heard } = await pair();
    let at = 0;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 4 }),
        fc.boolean(),
        (price, sources, stale) => {
          at++;
          const sent = { symbol: 'BTCUSDT', ts: start + at * second, price, sources, stale };
          recorder.record([sent]);
          expect(relayed.latest('BTCUSDT')).toEqual(sent);
          expect(heard.at(-1)).toEqual([sent]);
          expect(typeof relayed.latest('BTCUSDT')?.price).toBe('bigint');
        },
      ),
      { numRuns: 500 },
    );
    relayed.stop();
  });

  it('tell every listener each round in the order recorded', async () => {
    const { recorder, relayed, heard } = await pair();
    const other: number[] = [];
    relayed.onRecorded((round) => other.push(round[0]?.ts ?? 0));
    const rounds = [1, 2, 3, 4].map((at) => [print('ETHUSDT', at, BigInt(at) * 100_000_000n)]);
    for (const round of rounds) recorder.record(round);
    expect(heard).toEqual(rounds);
    expect(other).toEqual(rounds.map((round) => round[0]?.ts));
    relayed.stop();
  });

  it('never move a market back on a duplicate or late round', async () => {
    const { recorder, relayed, heard } = await pair();
    const newest = print('SOLUSDT', 5, 15_000_000_000n);
    recorder.record([newest]);
    recorder.record([newest]);
    recorder.record([print('SOLUSDT', 4, 14_000_000_000n)]);
    expect(heard).toEqual([[newest]]);
    expect(relayed.latest('SOLUSDT')).toEqual(newest);
    // A round new for one market and late for another: only the new print counts, and is told.
    const fresh = print('DOGEUSDT', 5, 30_000_000n);
    recorder.record([print('SOLUSDT', 5, 1n), fresh]);
    expect(heard.at(-1)).toEqual([fresh]);
    expect(relayed.latest('SOLUSDT')).toEqual(newest);
    relayed.stop();
  });

  it('drop a malformed message without throwing or changing anything', async () => {
    const { bus, recorder, relayed, heard, warnings } = await pair();
    const kept = print('BNBUSDT', 1, 60_000_000_000n);
    recorder.record([kept]);
    const valid = { symbol: 'BNBUSDT', ts: start + 9 * second, sources: [], stale: false };
    const malformed: unknown[] = [
      null,
      'BNBUSDT 1',
      {},
      { prints: 'all' },
      { prints: [{ ...valid, price: 60_000_000_000 }] },
      { prints: [{ ...valid, price: '-1' }] },
      { prints: [{ ...valid, price: '600.5' }] },
      { prints: [{ ...valid, price: '007' }] },
      { prints: [{ ...valid, price: '1e9' }] },
      { prints: [{ ...valid, price: '1'.repeat(39) }] },
      { prints: [{ ...valid, price: '1', ts: start + 9 * second + 1 }] },
      { prints: [{ ...valid, price: '1', stale: 'no' }] },
      { prints: [{ ...valid, price: '1', sources: 'simulated' }] },
      { prints: [{ ...valid, price: '1', symbol: '' }] },
      // One bad print spoils its round: none of it is kept.
      { prints: [{ ...valid, symbol: 'ADAUSDT', price: '1' }, { ...valid }] },
    ];
    for (const message of malformed)
      expect(() => bus.publish(printsSubject, message)).not.toThrow();
    expect(warnings).toHaveLength(malformed.length);
    expect(heard).toEqual([[kept]]);
    expect(relayed.latestRound()).toEqual([kept]);
    relayed.stop();
  });

  it('keep a failing listener from the others and from the publisher', async () => {
    const { recorder, relayed, heard, warnings } = await pair();
    relayed.onRecorded(() => {
      throw new Error('a reader failed');
    });
    const round = [print('LTCUSDT', 1, 8_000_000_000n)];
    expect(() => recorder.record(round)).not.toThrow();
    expect(heard).toEqual([round]);
    expect(warnings).toEqual(['index prints reader failed']);
    relayed.stop();
  });

  it('bring nothing after stop, nor once the publisher has stopped', async () => {
    const { recorder, relayed, heard, unpublish } = await pair();
    const kept = print('LINKUSDT', 1, 2_000_000_000n);
    recorder.record([kept]);
    relayed.stop();
    recorder.record([print('LINKUSDT', 2, 2_100_000_000n)]);
    expect(heard).toEqual([[kept]]);
    expect(relayed.latest('LINKUSDT')).toEqual(kept);

    const other = await pair();
    other.unpublish();
    other.recorder.record([print('LINKUSDT', 3, 2_200_000_000n)]);
    expect(other.heard).toEqual([]);
    other.relayed.stop();
    unpublish();
  });

  it('skip an empty round', async () => {
    const { bus, recorder, relayed } = await pair();
    const published: unknown[] = [];
    bus.subscribe(printsSubject, (message) => published.push(message));
    recorder.record([]);
    expect(published).toEqual([]);
    relayed.stop();
  });

  it('begin from the newest stored print of every market', async () => {
    const stored = [
      ['BTCUSDT', 1, '97000.12345678', ['simulated'], false],
      ['BTCUSDT', 3, '97001.00000001', ['simulated', 'binance'], false],
      ['BTCUSDT', 2, '97002', ['binance'], false],
      ['ETHUSDT', 1, '3500.5', [], true],
      ['XRPUSDT', 7, '999999999999999999999999999999.99999999', ['simulated'], false],
    ] as const;
    try {
      for (const [symbol, at, price, sources, stale] of stored) {
        await sql`insert into index_prints (symbol, ts, price, sources, stale) values (
          ${symbol}, ${new Date(start + at * second).toISOString()}::timestamptz, ${price}::numeric,
          ${[...sources]}::text[], ${stale})`.execute(db);
      }
      const { recorder, relayed, heard } = await pair();
      expect(relayed.latestRound().sort((a, b) => a.symbol.localeCompare(b.symbol))).toEqual([
        print('BTCUSDT', 3, 9_700_100_000_001n),
        { ...print('ETHUSDT', 1, 350_050_000_000n, true) },
        {
          ...print('XRPUSDT', 7, 10n ** 38n - 1n),
          sources: ['simulated'],
        },
      ]);
      expect(relayed.latest('BTCUSDT')?.sources).toEqual(['simulated', 'binance']);
      // A round no newer than what was stored is late: it does not replace it.
      recorder.record([print('BTCUSDT', 2, 1n)]);
      expect(heard).toEqual([]);
      expect(relayed.latest('BTCUSDT')?.price).toBe(9_700_100_000_001n);
      recorder.record([print('BTCUSDT', 4, 1n)]);
      expect(relayed.latest('BTCUSDT')?.price).toBe(1n);
      relayed.stop();
    } finally {
      await db.deleteFrom('index_prints').execute();
    }
  });

  it('begin with nothing when nothing is stored', async () => {
    const { relayed } = await pair();
    expect(relayed.latestRound()).toEqual([]);
    expect(relayed.latest('BTCUSDT')).toBeUndefined();
    relayed.stop();
  });
});
