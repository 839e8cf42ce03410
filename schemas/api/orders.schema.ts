// What every product that trades on an order book says the same way: an order's side and type, the
// three lists a trader's orders are shown in, and a market's price band. Spot and the perpetuals
// each build their own calls on these (docs/product.md §12, §13).
import { z } from 'zod/mini';
import { decimalString } from '../primitives.ts';

export const orderSideSchema = z.enum(['buy', 'sell']);
export const orderTypeSchema = z.enum(['limit', 'market']);
export type OrderSide = z.infer<typeof orderSideSchema>;

/** The three lists of orders (docs/product.md §12): resting orders, orders that traded, and finished orders. */
export const orderListSchema = z.enum(['current', 'deal', 'history']);
export type OrderList = z.infer<typeof orderListSchema>;

/**
 * How far from the market's reference price (the index on spot, the mark on perpetuals) a limit
 * order's price may be, as multiples of it per side (Binance's PERCENT_PRICE_BY_SIDE): a buy's
 * price lies within reference × `bid_multiplier_down` … × `bid_multiplier_up`, a sell's within
 * the `ask_` pair; null leaves that bound open (then one tick, or `max_price`).
 */
export const priceBandSchema = z.object({
  bid_multiplier_up: z.nullable(decimalString),
  bid_multiplier_down: z.nullable(decimalString),
  ask_multiplier_up: z.nullable(decimalString),
  ask_multiplier_down: z.nullable(decimalString),
});
export type PriceBandView = z.infer<typeof priceBandSchema>;
