// The client's order checks honour the market's tick and lot as the server does: for markets of any
// decimals, tick size, lot size, minimum and bounds, the app's preview lets an order through
// exactly when the server takes it. (Which field is named first may differ when several are
// wrong: the form reads fields in screen order, the server checks formats before rules.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits } from '../../core/market/units.ts';
import { checkSpotOrder, type SpotOrderForm } from '../../core/spot/order-form.ts';
import { spotOrderRequestSchema } from '../../schemas/api/spot.schema.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { parseRequest } from '../../server/http/validation.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { parseOrder } from '../../server/spot/order-checks.ts';
import { defaultSpotBand, rulesView, type SpotMarket } from '../../server/spot/spot-markets.ts';

const spec = knownMarkets[0];
if (!spec) throw new Error('no known market');

const market = fc
  .record({
    priceScale: fc.integer({ min: 0, max: 4 }),
    quantityScale: fc.integer({ min: 0, max: 4 }),
    tickSize: fc.integer({ min: 1, max: 500 }),
    lotSize: fc.integer({ min: 1, max: 500 }),
    maxTicks: fc.integer({ min: 1, max: 1_000_000 }),
    minNotional: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map(({ priceScale, quantityScale, tickSize, lotSize, maxTicks, minNotional }): SpotMarket => {
    const maxPrice = tickSize * maxTicks;
    return {
      spec,
      symbol: spec.symbol,
      base: spec.base,
      quote: spec.quote,
      priceScale,
      quantityScale,
      rules: {
        tickSize,
        lotSize,
        minNotional,
        maxPrice,
        maxQuantity: Math.max(1, Math.floor(Number.MAX_SAFE_INTEGER / maxPrice / 1000)),
      },
      fees: { makerPpm: 1000, takerPpm: 1000 },
      band: defaultSpotBand,
    };
  });

/** A typed value around a multiple of `step` units: on it, beside it, or with finer decimals. */
const typed = (step: number, scale: number) =>
  fc
    .record({
      steps: fc.integer({ min: 0, max: 5_000 }),
      offset: fc.constantFrom(0, 0, 1, -1, Math.floor(step / 2)),
      /** Zeros change nothing; a 7 is one decimal more than the market has. */
      extra: fc.constantFrom('', '0', '00', '7'),
    })
    .map(({ steps, offset, extra }) => {
      const text = fromUnits(Math.max(0, steps * step + offset), scale);
      if (!extra) return text;
      return scale > 0 ? text + extra : `${text}.${extra}`;
    });

const order = market.chain((spotMarket) =>
  fc.record({
    market: fc.constant(spotMarket),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    type: fc.constantFrom('limit' as const, 'market' as const),
    price: typed(spotMarket.rules.tickSize, spotMarket.priceScale),
    quantity: typed(spotMarket.rules.lotSize, spotMarket.quantityScale),
    turnover: typed(
      spotMarket.rules.tickSize * spotMarket.rules.lotSize,
      spotMarket.priceScale + spotMarket.quantityScale,
    ),
  }),
);

/** The server's answer: the order it would place, or the field it refuses. */
function serverJudges(market: SpotMarket, form: SpotOrderForm): 'taken' | { field: string } {
  const fields =
    form.type === 'limit'
      ? { price: form.price, quantity: form.quantity }
      : form.side === 'buy'
        ? { turnover: form.turnover }
        : { quantity: form.quantity };
  try {
    const request = parseRequest(spotOrderRequestSchema, {
      symbol: market.symbol,
      side: form.side,
      type: form.type,
      ...fields,
    });
    parseOrder(market, 1, request);
    return 'taken';
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    const field = error.params.field;
    if (typeof field === 'string') return { field };
    const byReason: Record<string, string> = {
      price_off_tick: 'price',
      price_out_of_range: 'price',
      quantity_off_lot: 'quantity',
      quantity_too_large: 'quantity',
    };
    return { field: byReason[error.errorName] ?? 'amount' };
  }
}

describe('order rules, preview and server', () => {
  it('agree on every order for markets of any tick and lot size', () => {
    fc.assert(
      fc.property(order, ({ market, ...form }) => {
        const rules = rulesView(market);
        const preview = checkSpotOrder(form, { rules, last: null, available: null });
        const server = serverJudges(market, form);
        expect(preview === null, JSON.stringify({ rules, form, preview, server })).toBe(
          server === 'taken',
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuse a price between two ticks of a market whose tick is not one unit', () => {
    const spotMarket = { ...fc.sample(market, 1)[0] } as SpotMarket;
    const tickFive: SpotMarket = {
      ...spotMarket,
      priceScale: 2,
      quantityScale: 2,
      rules: { ...spotMarket.rules, tickSize: 5, lotSize: 1, minNotional: 0, maxPrice: 10_000_000 },
    };
    const rules = rulesView(tickFive);
    expect(rules.tick_size).toBe('0.05');
    const form = {
      side: 'buy',
      type: 'limit',
      price: '10.03',
      quantity: '1',
      turnover: '',
    } as const;
    expect(checkSpotOrder(form, { rules, last: null, available: null })).toEqual({
      field: 'price',
      rule: 'offTick',
    });
    expect(serverJudges(tickFive, form)).toEqual({ field: 'price' });
    const onTick = { ...form, price: '10.05' };
    expect(checkSpotOrder(onTick, { rules, last: null, available: null })).toBeNull();
    expect(serverJudges(tickFive, onTick)).toBe('taken');
  });
});
