// The home page's call (/index/index, docs/product.md §11): banners, the latest notices, the
// featured tickers and the headline figures. Apart from the rest of the site's content
// (content.schema.ts, which re-exports it) so that the app's first screen loads only this.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { timestamp } from '../primitives.ts';
import { tickerSchema } from './market.schema.ts';

export const articleSummarySchema = z.object({
  id: z.int(),
  category_id: z.int(),
  title: z.string(),
  summary: z.string(),
  cover: z.nullable(z.string()),
  published_at: timestamp,
});

/** A headline figure on the home page: either measured from the system or configured and labelled so. */
export const figureSchema = z.object({
  key: z.string(),
  value: z.string(),
  source: z.enum(['measured', 'configured']),
});

export const home = defineEndpoint({
  method: 'GET',
  path: '/index/index',
  summary: 'Home data: banners, latest notices, featured tickers and headline figures',
  auth: false,
  request: z.object({}),
  response: z.object({
    banners: z.array(
      z.object({ id: z.int(), image: z.string(), link: z.string(), title: z.string() }),
    ),
    notices: z.array(articleSummarySchema),
    tickers: z.array(tickerSchema),
    figures: z.array(figureSchema),
    /** True while prices come from the simulated feed; the UI labels it "Simulated market". */
    simulated: z.boolean(),
  }),
  errors: [],
});
