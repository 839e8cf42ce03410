// `POST /api/v3/order`'s parameters, read as Binance's and turned into the app's own order request
// (`/spot/order`, schemas/api/spot.schema.ts), which the app's schema then judges: a LIMIT GTC is
// a limit order, a MARKET SELL by `quantity` a market sell, a MARKET BUY by `quoteOrderQty` a
// market buy of that turnover. What the app cannot do is refused in Binance's words, naming the
// parameter, rather than placed as something else.
import { z } from 'zod';
import { type placeSpotOrder, spotOrderRequestSchema } from '../../schemas/api/spot.schema.ts';
import type { RequestOf } from '../../schemas/endpoint.ts';
import { BinanceError, binanceCodes, doorErrors } from '../binance/errors.ts';
import { clientOrderIdPattern } from './binance-client-ids.ts';

export type AppOrderRequest = RequestOf<typeof placeSpotOrder>;

/** Binance's order parameters the door does not honour: refused by name, never ignored. */
const unsupported = [
  'stopPrice',
  'trailingDelta',
  'icebergQty',
  'strategyId',
  'strategyType',
  'pegPriceType',
  'pegOffsetValue',
  'pegOffsetType',
] as const;

const text = z.string().optional();

export const newOrderParams = z
  .object({
    symbol: z.string().min(1),
    side: z.enum(['BUY', 'SELL']),
    type: z.string().min(1),
    timeInForce: text,
    quantity: text,
    quoteOrderQty: text,
    price: text,
    newClientOrderId: z.string().regex(clientOrderIdPattern).optional(),
    newOrderRespType: z.enum(['ACK', 'RESULT', 'FULL']).optional(),
    selfTradePreventionMode: text,
    stopPrice: text,
    trailingDelta: text,
    icebergQty: text,
    strategyId: text,
    strategyType: text,
    pegPriceType: text,
    pegOffsetValue: text,
    pegOffsetType: text,
  })
  // Anything else is refused (-1104): an order must not be placed while a parameter meant
  // something the door did not read.
  .strict();

export type NewOrderParams = z.output<typeof newOrderParams>;

/** Binance's codes for an order's parameters, beside the door's shared ones. */
const codes = { PARAM_NOT_REQUIRED: -1106, INVALID_TIF: -1115, INVALID_ORDER_TYPE: -1116 };

/** What an order of this type and side takes, to say so in a refusal. */
function takes(type: string, side: string): string {
  if (type === 'LIMIT') return 'a LIMIT order takes price, quantity and timeInForce GTC';
  return side === 'BUY'
    ? 'a MARKET BUY takes quoteOrderQty, the quote amount to spend'
    : 'a MARKET SELL takes quantity';
}

function notRequired(name: string, type: string, side: string): BinanceError {
  return new BinanceError(
    codes.PARAM_NOT_REQUIRED,
    `Parameter '${name}' sent when not required: ${takes(type, side)}.`,
  );
}

/** The app's name of an amount, as Binance names it. */
const binanceName: Record<string, string> = {
  price: 'price',
  quantity: 'quantity',
  turnover: 'quoteOrderQty',
};

/** An empty value counts as not sent, as Binance reads it. */
const given = (value: string | undefined) => (value === '' ? undefined : value);

/**
 * The app's order request for Binance's parameters, judged by the app's own schema; a refusal in
 * Binance's terms for anything the app's orders do not do.
 */
export function appOrderRequest(params: NewOrderParams): AppOrderRequest {
  const { type, side } = params;
  for (const name of unsupported) {
    if (given(params[name]) !== undefined) throw notRequired(name, type, side);
  }
  if (type !== 'LIMIT' && type !== 'MARKET') {
    throw new BinanceError(
      codes.INVALID_ORDER_TYPE,
      'Invalid orderType: the door takes LIMIT and MARKET orders.',
    );
  }
  const mode = given(params.selfTradePreventionMode);
  if (mode !== undefined && mode !== 'EXPIRE_MAKER') {
    throw doorErrors.illegalChars('selfTradePreventionMode');
  }
  const timeInForce = given(params.timeInForce);
  if (type === 'LIMIT') {
    if (timeInForce === undefined) throw doorErrors.mandatoryParameter('timeInForce');
    if (timeInForce !== 'GTC') {
      throw new BinanceError(
        codes.INVALID_TIF,
        'Invalid timeInForce: a LIMIT order takes GTC only (no IOC or FOK).',
      );
    }
    if (given(params.quoteOrderQty) !== undefined) throw notRequired('quoteOrderQty', type, side);
  } else {
    if (timeInForce !== undefined) throw notRequired('timeInForce', type, side);
    const other = side === 'BUY' ? 'quantity' : 'quoteOrderQty';
    if (given(params[other]) !== undefined) throw notRequired(other, type, side);
  }
  const request = {
    symbol: params.symbol,
    side: side === 'BUY' ? 'buy' : 'sell',
    type: type === 'LIMIT' ? 'limit' : 'market',
    price: given(params.price),
    quantity: given(params.quantity),
    turnover: given(params.quoteOrderQty),
  };
  const parsed = z.safeParse(spotOrderRequestSchema, request);
  if (parsed.success) return parsed.data;
  throw refusalOf(parsed.error.issues, type, side);
}

/** The app schema's first complaint, in Binance's words and names. */
function refusalOf(issues: readonly z.core.$ZodIssue[], type: string, side: string): BinanceError {
  // An amount the order does not take says most about the mistake: reported before a missing one.
  const sorted = [...issues].sort(
    (a, b) =>
      Number(b.message === 'field_not_applicable') - Number(a.message === 'field_not_applicable'),
  );
  const issue = sorted[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  const name = field === undefined ? undefined : (binanceName[field] ?? field);
  if (issue === undefined || name === undefined) return doorErrors.illegalChars();
  if (issue.message === 'field_not_applicable') return notRequired(name, type, side);
  if (issue.message === 'field_required') return doorErrors.mandatoryParameter(name);
  return doorErrors.illegalChars(name);
}

/** Binance's refusal of a client order id used before for another order. */
export function duplicateOrder(): BinanceError {
  return new BinanceError(
    binanceCodes.NEW_ORDER_REJECTED,
    'Duplicate order sent: this newClientOrderId was used for a different order.',
  );
}
