// What the screen is drawn from: the projections' rules, one event at a time.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { viewAt } from '../../core/projections/client-view.ts';

let seq = 0;
const event = (
  source: LoggedEvent['source'],
  type: string,
  payload: unknown = null,
): LoggedEvent => ({
  seq: ++seq,
  at: seq * 1000,
  source,
  type,
  payload,
});
const ticker = (symbol: string, frameSeq: number, last: string) =>
  event('socket', 'frame', {
    channel: `ticker.${symbol}`,
    seq: frameSeq,
    ts: frameSeq,
    data: { last },
  });

describe('projections', () => {
  it('count reconnects after the first open', () => {
    const view = viewAt([
      event('socket', 'open'),
      event('socket', 'close'),
      event('socket', 'open'),
      event('socket', 'close'),
      event('socket', 'open'),
    ]);
    expect(view.connection).toMatchObject({ open: true, reconnects: 2 });
  });

  it('keep the newest ticker per market and ignore a late older frame', () => {
    const view = viewAt([
      ticker('BTCUSDT', 2, '101'),
      ticker('BTCUSDT', 1, '99'),
      ticker('ETHUSDT', 1, '5'),
    ]);
    expect(view.tickers.BTCUSDT?.last).toBe('101');
    expect(view.tickers.ETHUSDT?.last).toBe('5');
  });

  it('show a missing ticker field as --, which the price formatter leaves alone', () => {
    const view = viewAt([ticker('BTCUSDT', 1, '1')]);
    expect(view.tickers.BTCUSDT?.high).toBe('--');
  });

  it('follow login, logout and an expired session', () => {
    const login = event('intent', 'login', { account: 'a@b.co', user_id: 12345678 });
    expect(viewAt([login]).session).toEqual({
      loggedIn: true,
      account: 'a@b.co',
      userId: 12345678,
    });
    expect(viewAt([login, event('intent', 'logout')]).session.loggedIn).toBe(false);
    expect(viewAt([login, event('api', 'session-expired')]).session.loggedIn).toBe(false);
  });
});
