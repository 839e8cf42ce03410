// The market socket's rules (docs/product.md §8), on a simulated clock and a fake socket.
import { beforeEach, describe, expect, it } from 'vitest';
import { MarketSocket, type SocketProblem } from '../../workers/kernel/market-socket.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { fakeSockets } from '../support/fake-socket.ts';

let scheduler: FakeScheduler;
let sockets: ReturnType<typeof fakeSockets>;
let frames: unknown[];
let problems: SocketProblem[];
let openStates: boolean[];
let market: MarketSocket;

beforeEach(() => {
  scheduler = new FakeScheduler();
  sockets = fakeSockets();
  frames = [];
  problems = [];
  openStates = [];
  market = new MarketSocket({
    url: 'ws://test/ws',
    createSocket: sockets.create,
    scheduler,
    onFrame: (frame) => frames.push(frame),
    onProblem: (problem) => problems.push(problem),
    onOpenChange: (open) => openStates.push(open),
  });
  market.start();
});

describe('MarketSocket', () => {
  it('connects to the configured URL at start', () => {
    expect(sockets.made.map((s) => s.url)).toEqual(['ws://test/ws']);
  });

  it('queues what is sent while closed and sends it in order on open', () => {
    market.send({ op: 'ping' });
    market.send({ op: 'auth', token: 't1' });
    expect(sockets.latest.sent).toEqual([]);
    sockets.latest.serverOpens();
    expect(sockets.latest.sent).toEqual([{ op: 'ping' }, { op: 'auth', token: 't1' }]);
    expect(openStates).toEqual([true]);
  });

  it('answers a pong frame with a ping frame', () => {
    sockets.latest.serverOpens();
    sockets.latest.serverSends({ op: 'pong', ts: 1 });
    expect(sockets.latest.sent).toEqual([{ op: 'ping' }]);
    expect(frames).toEqual([]);
  });

  it('hands data frames on and reports unreadable ones as parse problems', () => {
    sockets.latest.serverOpens();
    const frame = { channel: 'ticker.BTCUSDT', seq: 1, ts: 2, data: { last: '1' } };
    sockets.latest.serverSends(frame);
    sockets.latest.serverSends('{not json');
    sockets.latest.serverSends({ channel: 'ticker.BTCUSDT' });
    expect(frames).toEqual([frame]);
    expect(problems.map((p) => p.kind)).toEqual(['parse', 'parse']);
  });

  it('reports socket errors and server error frames', () => {
    sockets.latest.serverOpens();
    sockets.latest.onerror?.();
    sockets.latest.serverSends({ op: 'error', code: 1062, msg: 'unknown channel' });
    expect(problems).toEqual([{ kind: 'socket' }, { kind: 'server', msg: 'unknown channel' }]);
  });

  it('reconnects 3 s after a close, not before', () => {
    sockets.latest.serverOpens();
    sockets.latest.drops();
    scheduler.advance(2999);
    expect(sockets.made).toHaveLength(1);
    scheduler.advance(1);
    expect(sockets.made).toHaveLength(2);
    expect(openStates).toEqual([true, false]);
  });

  it('notices within a second a socket that died without a close event', () => {
    sockets.latest.serverOpens();
    sockets.latest.diesSilently();
    scheduler.advance(1000);
    expect(sockets.made).toHaveLength(2);
  });

  it('gives up on a connection not open after 60 s and tries again', () => {
    scheduler.advance(59_999);
    expect(sockets.made).toHaveLength(1);
    scheduler.advance(1 + 3000);
    expect(sockets.made).toHaveLength(2);
  });

  it('restores auth and subscriptions on every open, before the queued messages', () => {
    market.authenticate('tok');
    market.subscribe(['ticker.BTCUSDT', 'depth.BTCUSDT']);
    market.send({ op: 'ping' });
    sockets.latest.serverOpens();
    sockets.latest.drops();
    scheduler.advance(3000);
    sockets.latest.serverOpens();
    const expected = [
      { op: 'auth', token: 'tok' },
      { op: 'sub', channels: ['ticker.BTCUSDT', 'depth.BTCUSDT'] },
    ];
    expect(sockets.made[0]?.sent).toEqual([...expected, { op: 'ping' }]);
    expect(sockets.latest.sent).toEqual(expected);
  });

  it('subscribes and unsubscribes at once while open, each channel once', () => {
    sockets.latest.serverOpens();
    market.subscribe(['ticker.BTCUSDT']);
    market.subscribe(['ticker.BTCUSDT', 'trades.BTCUSDT']);
    market.unsubscribe(['ticker.BTCUSDT', 'kline.BTCUSDT.1m']);
    expect(sockets.latest.sent).toEqual([
      { op: 'sub', channels: ['ticker.BTCUSDT'] },
      { op: 'sub', channels: ['trades.BTCUSDT'] },
      { op: 'unsub', channels: ['ticker.BTCUSDT'] },
    ]);
  });

  it('ignores events of a socket it has replaced, and stops for good', () => {
    const first = sockets.latest;
    first.diesSilently();
    scheduler.advance(1000);
    first.serverSends({ channel: 'ticker.BTCUSDT', seq: 1, ts: 1, data: null });
    expect(frames).toEqual([]);
    market.stop();
    scheduler.advance(60_000);
    expect(sockets.made).toHaveLength(2);
  });
});
