// Property: a captured log, written out and read back, replays to the same view as the live fold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaptureError, fromNdjson, parseLoggedEvent, toNdjson } from '../../core/event-log.ts';
import { foldClientView, initialClientView, viewAt } from '../../core/projections/client-view.ts';
import { replay } from '../../core/replay.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const decimal = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2));
const when = fc
  .integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 })
  .map((ms) => new Date(ms).toISOString());
const answer = <T>(type: string, payload: fc.Arbitrary<T>) =>
  payload.map((value) => ({ source: 'api', type, payload: value }));

const tickerFrame = fc
  .record({ symbol: fc.constantFrom(...symbols), seq: fc.nat(50), last: decimal, high: decimal })
  .map(({ symbol, seq, last, high }) => ({
    source: 'socket',
    type: 'ticker',
    payload: {
      symbol,
      seq,
      ts: seq * 1000,
      data: {
        last,
        high,
        low: last,
        change_pct: '0.00',
        volume: '1',
        quote_volume: last,
        index: last,
        stale: false,
        feed: 'simulated',
      },
    },
  }));

/** The wallet, account and content answers the screens are drawn from. */
const screenAnswers = fc.oneof(
  answer(
    'wallet-balances',
    fc.record({
      balances: fc.array(
        fc.record({
          wallet: fc.constantFrom('funding', 'contract', 'option'),
          asset: fc.constantFrom('USDT', 'BTC'),
          available: decimal,
          frozen: decimal,
          value_usdt: fc.option(decimal),
        }),
        { maxLength: 3 },
      ),
      totals: fc.record({ funding: decimal, contract: decimal, option: decimal, all: decimal }),
    }),
  ),
  answer(
    'wallet-records',
    fc.record({
      type: fc.constantFrom('all', 'deposit', 'trade'),
      answer: fc.record({
        list: fc.array(
          fc.record({
            id: fc.nat(),
            type: fc.constantFrom('deposit', 'transfer', 'trade'),
            label: fc.constantFrom('deposit', 'transfer', 'trade'),
            wallet: fc.constantFrom('funding', 'option'),
            to_wallet: fc.option(fc.constantFrom('contract', 'option'), { nil: null }),
            asset: fc.constant('USDT'),
            amount: decimal,
            reference: fc.string({ maxLength: 12 }),
            trade: fc.option(
              fc.record({
                symbol: fc.constant('BTCUSDT'),
                base: fc.constant('BTC'),
                quote: fc.constant('USDT'),
                side: fc.constantFrom('buy', 'sell'),
                price: decimal,
                quantity: decimal,
                value: decimal,
                fee: decimal,
                fee_asset: fc.constantFrom('BTC', 'USDT'),
              }),
              { nil: null },
            ),
            link: fc.option(
              fc.record({ to: fc.constant('spot_order'), id: fc.nat().map(String) }),
              { nil: null },
            ),
            created_at: when,
          }),
          { maxLength: 3 },
        ),
        total: fc.nat(50),
        page: fc.integer({ min: 1, max: 3 }),
        size: fc.constant(20),
      }),
    }),
  ),
  answer(
    'invite',
    fc.record({
      invite_code: fc.string({ minLength: 8, maxLength: 8 }),
      link: fc.constant('/#/login?invite_code=X'),
      counts: fc.record({ level1: fc.nat(9), level2: fc.nat(9), level3: fc.nat(9) }),
      log: fc.array(
        fc.record({
          level: fc.constantFrom(1 as const, 2 as const, 3 as const),
          account: fc.constant('us***@example.com'),
          registered_at: when,
        }),
        { maxLength: 3 },
      ),
      rates: fc.constant(['0.2', '0.1', '0.05']),
      earned: fc.array(
        fc.record({
          level: fc.constantFrom(1 as const, 2 as const, 3 as const),
          asset: fc.constantFrom('USDT', 'BTC'),
          amount: fc.constantFrom('0', '1.25', '0.0004'),
        }),
        { maxLength: 3 },
      ),
    }),
  ),
  answer(
    'document',
    fc.record({
      key: fc.constantFrom('about', 'msb', 'sec'),
      document: fc.record({ title: fc.string(), content: fc.string(), updated_at: when }),
    }),
  ),
  answer(
    'verification',
    fc.record({
      status: fc.constantFrom('unverified', 'pending', 'verified', 'rejected'),
      real_name: fc.option(fc.constant('Z**')),
      id_number: fc.option(fc.constant('1***9')),
      submitted_at: fc.option(when),
      reviewed_at: fc.option(when),
      reject_reason: fc.option(fc.string({ maxLength: 20 })),
    }),
  ),
);

const input = fc.oneof(
  fc.constantFrom(
    { source: 'socket', type: 'open', payload: null },
    { source: 'socket', type: 'close', payload: null },
    { source: 'socket', type: 'problem', payload: { kind: 'socket' } },
    { source: 'intent', type: 'logout', payload: null },
    { source: 'api', type: 'session-expired', payload: null },
  ),
  fc
    .record({ account: fc.emailAddress(), user_id: fc.integer({ min: 1e7, max: 1e8 - 1 }) })
    .map((payload) => ({ source: 'api', type: 'login', payload })),
  tickerFrame,
  screenAnswers,
);

/** Numbers the inputs as the worker's log does, with their arrival times. */
const eventLog = fc.array(fc.tuple(input, fc.nat(5000)), { maxLength: 80 }).map((items) => {
  let at = 1_700_000_000_000;
  return items.map(([event, gap], i) => {
    at += gap;
    // Each generated input is checked to be an event, as a capture's lines are.
    const parsed = parseLoggedEvent({ ...event, seq: i + 1, at });
    if (!parsed) throw new Error(`not an event: ${JSON.stringify(event)}`);
    return parsed;
  });
});

describe('capture and replay', () => {
  it('reading a capture back gives the view of the live fold, wallet and account screens too', () => {
    fc.assert(
      fc.property(eventLog, (events) => {
        let live = initialClientView;
        for (const event of events) live = foldClientView(live, event);
        expect(viewAt(fromNdjson(toNdjson(events)))).toEqual(live);
      }),
    );
  });

  it('replaying at any speed ends on the live view, having passed through each step', () => {
    fc.assert(
      fc.property(eventLog, fc.constantFrom(0.5, 1, 4, 60), (events, speed) => {
        const scheduler = new FakeScheduler();
        const seen: number[] = [];
        let view = initialClientView;
        let done = false;
        replay(events, {
          speed,
          scheduler,
          apply: (event) => {
            view = foldClientView(view, event);
            seen.push(event.seq);
          },
          onDone: () => {
            done = true;
          },
        });
        scheduler.advance(((events.at(-1)?.at ?? 0) - (events[0]?.at ?? 0)) / speed + 1);
        expect(done).toBe(true);
        expect(seen).toEqual(events.map((e) => e.seq));
        expect(view).toEqual(viewAt(events));
      }),
    );
  });

  it('scrubbing to an event shows the view as it was then', () => {
    fc.assert(
      fc.property(eventLog, fc.nat(80), (events, until) => {
        expect(viewAt(events, until)).toEqual(viewAt(events.slice(0, until)));
      }),
    );
  });

  it('refuses a capture with a line that is not an event, naming the line', () => {
    const good = toNdjson([{ seq: 1, at: 1, source: 'socket', type: 'open', payload: null }]);
    expect(() => fromNdjson(`${good}{"seq":"x"}\n`)).toThrow(new CaptureError(2));
    expect(() => fromNdjson(`${good}not json\n`)).toThrow(CaptureError);
  });

  it('refuses a capture line whose payload breaks its event type, naming the line', () => {
    const good = toNdjson([{ seq: 1, at: 1, source: 'socket', type: 'open', payload: null }]);
    const halfTicker = { seq: 2, at: 2, source: 'socket', type: 'ticker', payload: { seq: 1 } };
    const unknownType = { seq: 2, at: 2, source: 'intent', type: 'teleport', payload: null };
    expect(() => fromNdjson(`${good}${JSON.stringify(halfTicker)}\n`)).toThrow(new CaptureError(2));
    expect(() => fromNdjson(`${good}${JSON.stringify(unknownType)}\n`)).toThrow(
      new CaptureError(2),
    );
  });
});
