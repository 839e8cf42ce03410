// The market data the worker loads over HTTP: a section's tickers (then kept live on the socket),
// a market's candles a page at a time, its recent trades. Requests and answers go into the log,
// where the projections fold them.
import type { z } from 'zod/mini';
import { type figureSchema, home } from '../../schemas/api/home.schema.ts';
import {
  contractMarkets,
  type KlinePeriod,
  kline,
  secondMarkets,
  spotMarkets,
  type Ticker,
  trades,
} from '../../schemas/api/market.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import type { ChartSource } from '../../schemas/market-names.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import type { MarketSection } from './types.ts';

/** Candles per request: a screen's worth first, larger pages when dragging back. */
const firstPage = 300;
const olderPage = 500;
/** Recent trades a market page starts with. */
export const tradesPage = 50;

const sectionEndpoints = {
  spot: spotMarkets,
  contract: contractMarkets,
  option: secondMarkets,
} as const;

type Context = Pick<DomainContext, 'call' | 'record' | 'channels'>;

export async function loadMarkets(
  context: Context,
  section: MarketSection,
): Promise<Outcome<{ symbols: string[] }>> {
  const { call, record } = context;
  record({ source: 'intent', type: 'markets-requested', payload: { section } });
  const outcome =
    section === 'home' ? await call(home, {}) : await call(sectionEndpoints[section], {});
  if (!outcome.ok) return outcome;
  const list = 'list' in outcome.data ? outcome.data.list : outcome.data.tickers;
  const { simulated } = outcome.data;
  const figures = 'figures' in outcome.data ? outcome.data.figures : undefined;
  const symbols = recordSection(context, section, { simulated, list, figures });
  return { ok: true, data: { symbols } };
}

/**
 * Logs a section's answered tickers and keeps them live: the section's tickers stay subscribed for
 * the session (a handful of small frames, shown on many pages); loading the section again
 * replaces what it holds. Answers the section's symbols.
 */
export function recordSection(
  context: Pick<DomainContext, 'record' | 'channels'>,
  section: MarketSection,
  answer: {
    simulated: boolean;
    list: readonly Ticker[];
    figures?: readonly z.output<typeof figureSchema>[] | undefined;
  },
): string[] {
  const { simulated, list, figures } = answer;
  context.record({
    source: 'api',
    type: 'markets',
    payload: { section, simulated, list: [...list], ...(figures ? { figures: [...figures] } : {}) },
  });
  const symbols = list.map((ticker) => ticker.symbol);
  context.channels.hold(`markets:${section}`, symbols.map(channelName.ticker));
  return symbols;
}

/**
 * Where each source's candles are asked for (same question, same answer) and kept live. The
 * perpetual's call is read when first asked for, keeping it out of the worker's first file.
 */
const chartEndpoints = {
  index: async () => kline,
  last: async () => (await import('../../schemas/api/contract-kline.schema.ts')).contractKline,
} as const;
const chartChannels = { index: channelName.kline, last: channelName['perpetual-kline'] } as const;

/** The live channel of a chart's candles. */
export const chartChannel = (symbol: string, period: KlinePeriod, source: ChartSource) =>
  chartChannels[source](symbol, period);

export async function fetchCandles(
  context: Context,
  symbol: string,
  period: KlinePeriod,
  before: number | null,
  source: ChartSource = 'index',
): Promise<void> {
  const { call, record } = context;
  // The index's events are written as before the perpetual's candles existed: no `source`.
  const series = { symbol, period, ...(source === 'index' ? {} : { source }) };
  record({ source: 'intent', type: 'kline-requested', payload: { ...series, before } });
  const limit = before === null ? firstPage : olderPage;
  // A call that could not be read (offline when first asked for) is a failed page, as a failed call.
  const endpoint = await chartEndpoints[source]().catch(() => null);
  const outcome = endpoint
    ? await call(endpoint, { symbol, period, limit, ...(before === null ? {} : { before }) })
    : null;
  const page = { ...series, before, limit };
  record({
    source: 'api',
    type: 'kline-page',
    payload: outcome?.ok
      ? {
          ok: true,
          ...page,
          candles: outcome.data.candles,
          feed: outcome.data.feed,
          simulated: outcome.data.simulated,
        }
      : { ok: false, ...page },
  });
}

export async function fetchTrades(context: Context, symbol: string): Promise<void> {
  const outcome = await context.call(trades, { symbol, limit: tradesPage });
  if (outcome.ok) context.record({ source: 'api', type: 'recent-trades', payload: outcome.data });
}
