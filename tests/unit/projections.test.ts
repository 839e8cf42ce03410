// What the screen is drawn from: the projections' rules, one event at a time.
import { describe, expect, it } from 'vitest';
import { viewAt } from '../../core/projections/client-view.ts';
import { frame, logged, takenFrame, tickerData } from '../support/events.ts';

const ticker = (symbol: string, frameSeq: number, last: string) =>
  takenFrame(`ticker.${symbol}`, tickerData(last), frameSeq, frameSeq);
const socket = (type: 'open' | 'close') => logged({ source: 'socket', type, payload: null });

describe('projections', () => {
  it('count reconnects after the first open', () => {
    const view = viewAt([
      socket('open'),
      socket('close'),
      socket('open'),
      socket('close'),
      socket('open'),
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

  it('refuse a ticker frame missing a field where it enters, so nothing half-read is shown', () => {
    expect(frame('ticker.BTCUSDT', { last: '1' })).toBeNull();
    expect(viewAt([]).tickers.BTCUSDT).toBeUndefined();
  });

  it('keep the index price and whether it is stale', () => {
    const stale = { ...tickerData('100'), index: '99.5', stale: true };
    const view = viewAt([takenFrame('ticker.BTCUSDT', stale, 1, 1)]);
    expect(view.tickers.BTCUSDT).toMatchObject({ last: '100', index: '99.5', stale: true });
  });

  it('follow login, logout and an expired session', () => {
    const login = logged({
      source: 'api',
      type: 'login',
      payload: { account: 'a@b.co', user_id: 12345678 },
    });
    expect(viewAt([login]).session).toEqual({
      loggedIn: true,
      account: 'a@b.co',
      userId: 12345678,
    });
    const logout = logged({ source: 'intent', type: 'logout', payload: null });
    const expired = logged({ source: 'api', type: 'session-expired', payload: null });
    expect(viewAt([login, logout]).session.loggedIn).toBe(false);
    expect(viewAt([login, expired]).session.loggedIn).toBe(false);
  });
});
