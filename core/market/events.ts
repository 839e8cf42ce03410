// Events of market data: the lists and their tickers, candles a page at a time, recent trades, and
// the public channels' frames (each checked against its channel's schema where it entered).
import { z } from 'zod/mini';
import { figureSchema } from '../../schemas/api/content.schema.ts';
import {
  candleRowSchema,
  klinePeriodSchema,
  tickerSchema,
  trades,
} from '../../schemas/api/market.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { chartSources } from '../../schemas/market-names.ts';
import { event, marketFrame } from '../event.ts';

/** The market lists (docs/product.md §11): home's featured markets, spot, futures and option. */
export const marketSectionSchema = z.enum(['home', 'spot', 'contract', 'option']);
export type MarketSection = z.infer<typeof marketSectionSchema>;

/** A chart's candles: the index's when `source` is absent (every log before it existed). */
const series = {
  symbol: z.string(),
  period: klinePeriodSchema,
  source: z.optional(z.enum(chartSources)),
};
const page = { ...series, before: z.nullable(z.number()), limit: z.int() };

export const marketEvents = [
  event('intent', 'markets-requested', z.object({ section: marketSectionSchema })),
  event(
    'api',
    'markets',
    z.object({
      section: marketSectionSchema,
      simulated: z.boolean(),
      list: z.array(tickerSchema),
      /** Home's headline figures. */
      figures: z.optional(z.array(figureSchema)),
    }),
  ),
  event('intent', 'kline-requested', z.object({ ...series, before: z.nullable(z.number()) })),
  event(
    'api',
    'kline-page',
    z.discriminatedUnion('ok', [
      z.object({
        ok: z.literal(true),
        ...page,
        candles: z.array(candleRowSchema),
        feed: z.string(),
        simulated: z.boolean(),
      }),
      z.object({ ok: z.literal(false), ...page }),
    ]),
  ),
  event('api', 'recent-trades', trades.response),
  event('intent', 'book-resync', z.object({ symbol: z.string() })),
  event('socket', 'ticker', marketFrame(channelData.ticker)),
  event('socket', 'trades', marketFrame(channelData.trades)),
  event('socket', 'depth', marketFrame(channelData.depth)),
  event('socket', 'kline', z.extend(marketFrame(channelData.kline), { period: klinePeriodSchema })),
  event(
    'socket',
    'perpetual-kline',
    z.extend(marketFrame(channelData['perpetual-kline']), { period: klinePeriodSchema }),
  ),
] as const;
