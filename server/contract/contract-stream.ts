// A perpetual's public channels on the socket: `mark.<SYMBOL>`, each recorded mark with its index
// and the coming funding round's rate and time; `funding.<SYMBOL>`, each round as it is paid.
// A new subscriber gets the latest of each at once.
import { parseChannel } from '../../schemas/channels.ts';
import { encodeFrame } from '../gateway/channel-hub.ts';
import type { PublicStream } from '../gateway/streams.ts';
import { rateText } from './contract-market-view.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { ContractService } from './contract-service.ts';
import { priceText } from './contract-views.ts';
import type { PaidRound } from './funding-clock.ts';
import type { Recorded } from './mark-recorder.ts';

export function contractStream(service: ContractService): PublicStream {
  const latest = new Map<string, Recorded>();
  const addressOf = (channel: string) => {
    const address = parseChannel(channel);
    if (!address || (address.kind !== 'mark' && address.kind !== 'funding')) return undefined;
    const market = service.engine?.markets.get(address.symbol);
    return market ? { kind: address.kind, market } : undefined;
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
    greeting(channel, now, hub) {
      const found = addressOf(channel);
      if (!found) return null;
      const { market } = found;
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
            const channel = `mark.${row.symbol}`;
            if (hub.has(channel)) hub.publish(channel, markData(market, row), row.ts.getTime());
          }
        });
      });
      const stopRounds = service.onPaid((round) => {
        const market = service.engine?.markets.get(round.symbol);
        const channel = `funding.${round.symbol}`;
        if (!market || !hub.has(channel)) return;
        burst(() => hub.publish(channel, fundingData(market, round), round.fundingTime));
      });
      return () => {
        stopMarks();
        stopRounds();
      };
    },
  };
}
