// A perpetual's public channels on the socket: `mark.<SYMBOL>`, each recorded mark with its index
// and the coming funding round's rate and time; `funding.<SYMBOL>`, each round as it is paid;
// `contract-depth.<SYMBOL>` and `contract-trades.<SYMBOL>`, its own book and trades, published on
// the market data's tick as spot's are; `perpetual-kline.<SYMBOL>.<period>`, the candles of its own
// trades that changed, on the same tick (perpetual-candles.ts). A new subscriber gets the latest
// mark and round, the book's snapshot, and the open candle, at once.
import { contractChannels } from '../../schemas/api/contract.channels.ts';
import { channelName, parseChannel } from '../../schemas/channels.ts';
import { encodeFrame } from '../gateway/channel-hub.ts';
import type { PublicStream } from '../gateway/streams.ts';
import { publishBook } from '../market/market-frames.ts';
import { candleRow } from '../market/market-routes.ts';
import { SnapshotFrames } from '../market/snapshot-frames.ts';
import type { BookTicks } from './book-ticks.ts';
import { perpetualLease } from './call-market.ts';
import { rateText } from './contract-market-view.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { ContractService } from './contract-service.ts';
import { priceText } from './contract-views.ts';
import type { PaidRound } from './funding-clock.ts';
import type { Recorded } from './mark-recorder.ts';

/** The kinds of channel this stream feeds; the index market's are the market module's. */
const servedKinds = new Set<string>([...contractChannels.symbol, ...contractChannels.series]);

export function contractStream(service: ContractService, ticks: BookTicks): PublicStream {
  const latest = new Map<string, Recorded>();
  const snapshots = new SnapshotFrames();
  const addressOf = (channel: string) => {
    const address = parseChannel(channel);
    if (!address || !('symbol' in address) || !servedKinds.has(address.kind)) return undefined;
    const market = service.engine?.markets.get(address.symbol);
    return market ? { address, kind: address.kind, market } : undefined;
  };
  const markData = (market: ContractMarket, row: Recorded) => ({
    mark_price: priceText(market, row.mark ?? 0n),
    index_price: row.index === null ? null : priceText(market, row.index),
    stale: row.stale,
    funding_rate: rateText(service.funding?.estimatedRate(market.symbol) ?? 0n),
    next_funding_time: new Date(service.funding?.nextFunding(row.ts.getTime()) ?? 0).toISOString(),
  });
  const fundingData = (market: ContractMarket, round: PaidRound) => ({
    funding_time: new Date(round.fundingTime).toISOString(),
    rate: rateText(round.rate),
    mark_price: priceText(market, round.mark),
  });

  return {
    serves: (channel) => addressOf(channel) !== undefined,
    // Spread over the nodes, a market's channels are its node's: the only one its book moves on.
    leaseOf: (channel) => {
      const found = service.spread ? addressOf(channel) : undefined;
      return found && perpetualLease(found.market.symbol);
    },
    greeting(channel, now, hub) {
      const found = addressOf(channel);
      if (!found) return null;
      const { market } = found;
      if (found.kind === 'contract-depth') {
        const book = service.books?.book(market.symbol);
        return book ? snapshots.frame(channel, book.depth, market, now) : null;
      }
      // Trades have no greeting: their history is `/contract/trades`.
      if (found.kind === 'contract-trades') return null;
      if ('period' in found.address) {
        // The open candle now, as `kline.*` greets: a candle that changed between the client's
        // `/contract/kline` and its first frame is never left stale on its screen.
        const open = service.candles?.open(market.symbol, found.address.period);
        return open
          ? encodeFrame(channel, hub.seqOf(channel), now, [candleRow(open, { spec: market })])
          : null;
      }
      if (found.kind === 'mark') {
        const row = latest.get(market.symbol);
        return row?.mark == null
          ? null
          : encodeFrame(channel, hub.seqOf(channel), now, markData(market, row));
      }
      const round = service.funding?.lastRound(market.symbol);
      return round
        ? encodeFrame(channel, hub.seqOf(channel), now, fundingData(market, round))
        : null;
    },
    start(hub, burst) {
      const stopMarks = service.onRecorded((rows) => {
        burst(() => {
          for (const row of rows) {
            const market = service.engine?.markets.get(row.symbol);
            if (!market || row.mark === null) continue;
            latest.set(row.symbol, row);
            const channel = channelName.mark(row.symbol);
            if (hub.has(channel)) hub.publish(channel, markData(market, row), row.ts.getTime());
          }
        });
      });
      const stopRounds = service.onPaid((round) => {
        const market = service.engine?.markets.get(round.symbol);
        const channel = channelName.funding(round.symbol);
        if (!market || !hub.has(channel)) return;
        burst(() => hub.publish(channel, fundingData(market, round), round.fundingTime));
      });
      const stopBooks = ticks.on(({ now, books: changes, candles }) => {
        burst(() => {
          for (const [symbol, changed] of candles) {
            const market = service.engine?.markets.get(symbol);
            if (!market) continue;
            for (const { period, candles: rows } of changed) {
              const channel = channelName['perpetual-kline'](symbol, period);
              if (!hub.has(channel)) continue;
              const data = rows.map((candle) => candleRow(candle, { spec: market }));
              hub.publish(channel, data, now);
            }
          }
          for (const [symbol, change] of changes) {
            const market = service.engine?.markets.get(symbol);
            if (!market) continue;
            const channels = {
              trades: channelName['contract-trades'](symbol),
              depth: channelName['contract-depth'](symbol),
            };
            publishBook(hub, channels, market, change, now);
          }
        });
      });
      return () => {
        stopMarks();
        stopRounds();
        stopBooks();
      };
    },
  };
}
