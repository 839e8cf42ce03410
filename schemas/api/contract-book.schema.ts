// A perpetual's own order book and trades (docs/product.md §13): the same shapes as a spot market's
// `/market/depth` and `/market/trades`, drawn from the contract engine's book rather than spot's.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { contractOrderSchema } from './contract.schema.ts';
import { depth, trades } from './market.schema.ts';

export const contractDepth = defineEndpoint({
  method: 'GET',
  path: '/contract/depth',
  summary: "A snapshot of a perpetual's order book, best prices first",
  auth: false,
  request: depth.request,
  response: depth.response,
  errors: ['market_unknown'],
});

export const contractTrades = defineEndpoint({
  method: 'GET',
  path: '/contract/trades',
  summary: "Recent trades of a perpetual's order book, newest first",
  auth: false,
  request: trades.request,
  response: trades.response,
  errors: ['market_unknown'],
});

/** The private `contract-orders` channel: the caller's contract orders a batch changed, as they now stand. */
export const contractOrdersDataSchema = z.array(contractOrderSchema);
