// A synthetic market socket: ticker frames for 8 markets at a set rate, as strings, like the wire.
import { socketState } from '../../core/socket-policy.ts';
import type { SocketLike } from '../../workers/kernel/market-socket.ts';

export const tickerSymbols = [
  'BTCUSDT',
  'ETHUSDT',
  'SOLUSDT',
  'XRPUSDT',
  'DOGEUSDT',
  'BNBUSDT',
  'ADAUSDT',
  'LTCUSDT',
];

export function startFlood(framesPerSecond: number, deliver: (raw: string) => void): () => void {
  const tickMs = 10;
  const perTick = Math.round((framesPerSecond * tickMs) / 1000);
  let seq = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      seq++;
      const price = 60000 + Math.sin(seq / 50) * 500;
      deliver(
        JSON.stringify({
          channel: `ticker.${tickerSymbols[seq % tickerSymbols.length]}`,
          seq,
          ts: Date.now(),
          data: {
            last: price.toFixed(8),
            change_pct: '1.25',
            high: '61000.5',
            low: '59000.25',
            volume: '1234.5',
            quote_volume: '74074074.5',
            index: price.toFixed(8),
            stale: false,
            feed: 'simulated',
          },
        }),
      );
    }
  }, tickMs);
  return () => clearInterval(timer);
}

/** A socket that is open at once and receives the flood. */
export function floodSocket(framesPerSecond: number): SocketLike {
  const socket: SocketLike = {
    readyState: socketState.connecting,
    send: () => {},
    close: () => stop(),
    onopen: null,
    onmessage: null,
    onerror: null,
    onclose: null,
  };
  const stop = startFlood(framesPerSecond, (raw) => socket.onmessage?.({ data: raw }));
  setTimeout(() => {
    (socket as { readyState: number }).readyState = socketState.open;
    socket.onopen?.();
  }, 0);
  return socket;
}
