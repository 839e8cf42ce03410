// One line of a market capture (NDJSON): what a feed told its listener, with the time it said it.
// Captures are replayed by the replay feed and written by the capture writer; both use this schema.
import { z } from 'zod';
import { decimalText } from '../../settings-fields.ts';

/** A non-negative decimal as feeds write them; no exponent, no sign, no float artefacts. */
const decimal = decimalText(18, 'expected a decimal string');
/** A price or a trade quantity: a decimal above zero. */
const positive = decimal.regex(/[1-9]/, 'expected a decimal above zero');
const symbol = z.string().regex(/^[A-Z0-9]{2,20}$/, 'expected a symbol like BTCUSDT');
const ts = z.number().int().nonnegative();
const level = z.tuple([positive, decimal]);

export const captureLineSchema = z.discriminatedUnion('kind', [
  z.object({ ts, kind: z.literal('price'), symbol, price: positive }),
  z.object({
    ts,
    kind: z.literal('trade'),
    symbol,
    price: positive,
    quantity: positive,
    side: z.enum(['buy', 'sell']),
  }),
  z.object({
    ts,
    kind: z.literal('depth'),
    symbol,
    type: z.enum(['snapshot', 'update']),
    bids: z.array(level),
    asks: z.array(level),
  }),
  /**
   * Optional first line: the feed the capture was recorded from. A capture of generated prices
   * must replay labelled "Simulated market", so the label travels with the data.
   */
  z.object({
    ts,
    kind: z.literal('source'),
    feed: z.string().min(1).max(64),
    simulated: z.boolean(),
  }),
]);

export type CaptureLine = z.infer<typeof captureLineSchema>;
export type MarketLine = Exclude<CaptureLine, { kind: 'source' }>;

/** A line's text parsed, or why it is refused: the first problem and where it is. */
export function parseCaptureLine(
  text: string,
): { ok: true; line: CaptureLine } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = captureLineSchema.safeParse(json);
  if (parsed.success) return { ok: true, line: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, problem: `${where}${issue?.message ?? 'invalid line'}` };
}

/** The text of one line, newline included. */
export function captureLine(line: CaptureLine): string {
  return `${JSON.stringify(line)}\n`;
}
