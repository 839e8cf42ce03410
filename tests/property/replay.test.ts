// Property: a captured log, written out and read back, replays to the same view as the live fold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaptureError, fromNdjson, type LoggedEvent, toNdjson } from '../../core/event-log.ts';
import { foldClientView, initialClientView, viewAt } from '../../core/projections/client-view.ts';
import { replay } from '../../core/replay.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const decimal = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2));

const input = fc.oneof(
  fc.constantFrom(
    { source: 'socket', type: 'open', payload: null },
    { source: 'socket', type: 'close', payload: null },
    { source: 'socket', type: 'problem', payload: { kind: 'parse' } },
    { source: 'intent', type: 'logout', payload: null },
    { source: 'api', type: 'session-expired', payload: null },
  ),
  fc
    .record({ account: fc.emailAddress(), user_id: fc.integer({ min: 1e7, max: 1e8 - 1 }) })
    .map((payload) => ({ source: 'intent', type: 'login', payload })),
  fc
    .record({ symbol: fc.constantFrom(...symbols), seq: fc.nat(50), last: decimal, high: decimal })
    .map(({ symbol, seq, last, high }) => ({
      source: 'socket',
      type: 'frame',
      payload: { channel: `ticker.${symbol}`, seq, ts: seq * 1000, data: { last, high } },
    })),
);

/** Numbers the inputs as the worker's log does, with their arrival times. */
const eventLog = fc.array(fc.tuple(input, fc.nat(5000)), { maxLength: 80 }).map((items) => {
  let at = 1_700_000_000_000;
  return items.map(([event, gap], i) => {
    at += gap;
    return { ...event, seq: i + 1, at } as LoggedEvent;
  });
});

describe('capture and replay', () => {
  it('reading a capture back gives the view of the live fold', () => {
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
    const good = toNdjson([{ seq: 1, at: 1, source: 'timer', type: 'tick', payload: null }]);
    expect(() => fromNdjson(`${good}{"seq":"x"}\n`)).toThrow(new CaptureError(2));
    expect(() => fromNdjson(`${good}not json\n`)).toThrow(CaptureError);
  });
});
