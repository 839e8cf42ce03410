// The perpetuals' market streams on the Binance-compatible door (docs/api-binance.md § "Market
// streams"): `<symbol>@depth`, `@trade`, `@aggTrade`, `@kline_<interval>` and `@bookTicker` from
// the books' own tick (book-ticks.ts, the same changes the app's channels publish), and
// `@markPrice` as each mark is recorded. Published by the market's node where the perpetuals are
// spread over the nodes.
import { streamChannel, streamOfChannel } from '../binance/stream-names.ts';
import type { ChannelHub } from '../gateway/channel-hub.ts';
import type { PublicStream } from '../gateway/streams.ts';
import { BookTops } from '../market/binance-book-tops.ts';
import { publishBinanceStreams } from '../market/binance-stream-frames.ts';
import { TradeIds } from '../market/binance-trade-ids.ts';
import type { BookTicks } from './book-ticks.ts';
import { perpetualLease } from './call-market.ts';
import { rateText } from './contract-market-view.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { ContractService } from './contract-service.ts';
import { priceText } from './contract-views.ts';
import type { Recorded } from './mark-recorder.ts';

/** The names Binance gives a perpetual's mark stream: every 3 s, or every second. */
const markNames = ['markPrice', 'markPrice@1s'];

export function binanceUsdmStream(service: ContractService, ticks: BookTicks): PublicStream {
  // Numbered as published, as spot's are (binance-trade-ids.ts); the door has no perpetual trade
  // call for them to match.
  const ids = new TradeIds();
  const tops = new BookTops();
  const marketOf = (channel: string) => {
    const stream = streamOfChannel('fapi', channel);
    return stream ? service.engine?.markets.get(stream.address.symbol) : undefined;
  };

  return {
    serves: (channel) => marketOf(channel) !== undefined,
    // Spread over the nodes, a market's streams are its node's, as its app channels are.
    leaseOf: (channel) => {
      const market = service.spread ? marketOf(channel) : undefined;
      return market && perpetualLease(market.symbol);
    },
    greeting: () => null,
    start(hub, burst) {
      const stopTicks = ticks.on(({ now, books, candles }) =>
        burst(() => {
          for (const [symbol, change] of books) {
            const market = service.engine?.markets.get(symbol);
            if (!market) continue;
            ids.number(now, change.trades);
            const tick = { ...change, candles: candles.get(symbol) ?? [] };
            const book = service.books?.book(symbol)?.depth;
            const streamMarket = {
              family: 'fapi' as const,
              symbol,
              scales: market,
              ids,
              book,
              tops,
            };
            publishBinanceStreams(hub, streamMarket, tick, now);
          }
        }),
      );
      const stopMarks = service.onRecorded((rows) =>
        burst(() => {
          for (const row of rows) {
            const market = service.engine?.markets.get(row.symbol);
            if (market && row.mark !== null) publishMark(hub, service, market, row);
          }
        }),
      );
      return () => {
        stopTicks();
        stopMarks();
      };
    },
  };
}

/** Binance's `markPriceUpdate`: the mark, the index, the coming round's estimated rate and time. */
function publishMark(
  hub: ChannelHub,
  service: ContractService,
  market: ContractMarket,
  row: Recorded,
): void {
  const lower = market.symbol.toLowerCase();
  const channels = markNames
    .map((name) => streamChannel('fapi', `${lower}@${name}`))
    .filter((channel) => hub.has(channel));
  if (channels.length === 0) return;
  const ts = row.ts.getTime();
  const mark = priceText(market, row.mark ?? 0n);
  const event = {
    e: 'markPriceUpdate',
    E: ts,
    s: market.symbol,
    p: mark,
    i: row.index === null ? mark : priceText(market, row.index),
    // The price a delivery would settle at: a perpetual has none, Binance shows its index.
    P: row.index === null ? mark : priceText(market, row.index),
    r: rateText(service.funding?.estimatedRate(market.symbol) ?? 0n),
    T: service.funding?.nextFunding(ts) ?? 0,
  };
  for (const channel of channels) hub.publish(channel, event, ts);
}
