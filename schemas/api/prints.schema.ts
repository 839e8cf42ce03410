// The index prints (docs/options.md): every market's index once a second as recorded, with the
// sources that made it and whether it was stale. Public, so anyone can recompute an outcome of
// the second contract or a perpetual's mark from the same record the server used.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { blankAsAbsent, decimalInteger, decimalString, timestamp } from '../primitives.ts';
import { symbolSchema } from './market.schema.ts';

/** Most prints one call answers: an hour of them. */
export const printsSpanMs = 3_600_000;

export const indexPrintSchema = z.object({
  /** A whole second. */
  ts: timestamp,
  price: decimalString,
  /** The sources whose prices made it; empty when the index was stale. */
  sources: z.array(z.string()),
  stale: z.boolean(),
});
export type IndexPrintRow = z.infer<typeof indexPrintSchema>;

export const marketPrints = defineEndpoint({
  method: 'GET',
  path: '/market/prints',
  summary: "A market's recorded index prints between two times (ms), oldest first, at most an hour",
  auth: false,
  request: z
    .pipe(
      z.object({
        symbol: symbolSchema,
        from: decimalInteger(0, 8.64e15),
        /** Defaults to an hour after `from`. */
        to: blankAsAbsent(decimalInteger(0, 8.64e15)),
      }),
      z.transform((query) => ({ ...query, to: query.to ?? query.from + printsSpanMs })),
    )
    .check(
      z.superRefine((query, context) => {
        if (query.to < query.from || query.to - query.from > printsSpanMs) {
          context.addIssue({ code: 'custom', path: ['to'], message: 'field_invalid' });
        }
      }),
    ),
  response: z.object({ symbol: symbolSchema, prints: z.array(indexPrintSchema) }),
  errors: ['market_unknown'],
});
