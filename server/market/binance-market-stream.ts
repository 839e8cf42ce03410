// The market data's streams on the Binance-compatible door (docs/api-binance.md § "Market streams"):
// `<symbol>@depth`, `@trade`, `@aggTrade`, `@kline_<interval>`, `@bookTicker`, `@ticker` and
// `@miniTicker` of every listed market, each published on the market data's tick as the app's own
// channels are, from the same changes (the day's tickers once a second).
// Binance greets a new subscriber with nothing: a book is read with `GET /api/v3/depth`, whose
// `lastUpdateId` the diffs continue.
import { streamOfChannel } from '../binance/stream-names.ts';
import type { PublicStream } from '../gateway/streams.ts';
import { BookTops } from './binance-book-tops.ts';
import { publishBinanceStreams } from './binance-stream-frames.ts';
import { DayTickerStreams } from './binance-ticker-stream.ts';
import type { TradeIds } from './binance-trade-ids.ts';
import type { MarketService } from './market-service.ts';

export function binanceMarketDataStream(service: MarketService, ids: TradeIds): PublicStream {
  const tops = new BookTops();
  const dayTickers = new DayTickerStreams();
  return {
    serves(channel) {
      const stream = streamOfChannel('api', channel);
      return stream !== null && service.market(stream.address.symbol) !== undefined;
    },
    greeting: () => null,
    start: (hub, burst) =>
      service.onChanges((now, changes) =>
        burst(() => {
          for (const [symbol, change] of changes) {
            const state = service.market(symbol);
            if (!state) continue;
            const market = { family: 'api' as const, symbol, scales: state.spec, ids };
            publishBinanceStreams(hub, { ...market, book: state.book, tops }, change, now);
          }
          dayTickers.tick(hub, () => service.markets(), now);
        }),
      ),
  };
}
