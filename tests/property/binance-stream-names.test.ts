// The door's market streams (docs/api-binance.md § "Market streams"): every name a family serves
// for a market reads back as that market's stream and channel, a family never serves another's
// kinds, and a client's frame cut from the hub's frame without parsing is exactly the event the
// market published, raw or combined.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combinedFrame, unwrapFrame } from '../../server/binance/stream-frames.ts';
import {
  type MarketFamily,
  parseStreamName,
  streamChannel,
  streamNamesOf,
  streamOfChannel,
} from '../../server/binance/stream-names.ts';
import { encodeFrame } from '../../server/gateway/channel-hub.ts';

const family = fc.constantFrom<MarketFamily>('api', 'fapi');
const symbol = fc.stringMatching(/^[A-Z0-9]{2,12}USDT$/);

describe('stream names', () => {
  it('reads back every name a family serves as its market, on its own channel only', () => {
    fc.assert(
      fc.property(family, symbol, (chosen, market) => {
        const other: MarketFamily = chosen === 'api' ? 'fapi' : 'api';
        for (const [name, address] of streamNamesOf(chosen, market)) {
          expect(address.symbol).toBe(market);
          expect(parseStreamName(chosen, name)).toEqual(address);
          expect(streamOfChannel(chosen, streamChannel(chosen, name))).toEqual({ name, address });
          expect(streamOfChannel(other, streamChannel(chosen, name))).toBeNull();
        }
      }),
    );
  });

  it('serves the mark only for perpetuals, and refuses names Binance does not give', () => {
    expect(parseStreamName('api', 'btcusdt@markPrice')).toBeNull();
    // The day's tickers are spot's; the book ticker both families'.
    expect(parseStreamName('api', 'btcusdt@miniTicker')).toEqual({
      kind: 'miniTicker',
      symbol: 'BTCUSDT',
    });
    expect(parseStreamName('fapi', 'btcusdt@ticker')).toBeNull();
    expect(parseStreamName('fapi', 'btcusdt@bookTicker')).toEqual({
      kind: 'bookTicker',
      symbol: 'BTCUSDT',
    });
    expect(parseStreamName('fapi', 'btcusdt@markPrice@1s')).toEqual({
      kind: 'markPrice',
      symbol: 'BTCUSDT',
    });
    for (const name of [
      'BTCUSDT@trade',
      'btcusdt@kline_2h',
      'btcusdt@kline',
      'btcusdt@depth@250ms',
      'btcusdt@trade@100ms',
      'btcusdt@depth5',
      'btcusdt@bookTicker@100ms',
      'btcusdt@ticker_1h',
      'btcusdt',
      '@trade',
      'btc-usdt@trade',
    ]) {
      expect(parseStreamName('api', name)).toBeNull();
    }
  });
});

describe("a client's frames", () => {
  it('are the published event, raw or wrapped with its stream, for any event', () => {
    fc.assert(
      fc.property(
        family,
        symbol,
        fc.nat(),
        fc.jsonValue(),
        fc.nat(),
        (chosen, market, pick, event, seq) => {
          const names = [...streamNamesOf(chosen, market).keys()];
          const name = names[pick % names.length] ?? '';
          const frame = encodeFrame(streamChannel(chosen, name), seq, 1_700_000_000_000, event);
          const cut = unwrapFrame(frame);
          expect(cut.stream).toBe(name);
          expect(cut.event.toString()).toBe(JSON.stringify(event));
          expect(JSON.parse(combinedFrame(frame, cut.stream, cut.event).toString())).toEqual({
            stream: name,
            data: JSON.parse(JSON.stringify(event)),
          });
        },
      ),
    );
  });
});
