// A perpetual's own candles (docs/contracts.md § "The perpetual's chart"): `/contract/kline` folds
// the perpetual's fills (its last price) into candles, asked and answered as `/market/kline`
// answers the index's. Its own file, beside the book's calls, so that the worker's chart, which
// loads with the first screen, reads it without the contract's other schemas.
import { defineEndpoint } from '../endpoint.ts';
import { kline } from './market.schema.ts';

export const contractKline = defineEndpoint({
  method: 'GET',
  path: '/contract/kline',
  summary: "A perpetual's own candles (last price), as /market/kline",
  auth: false,
  request: kline.request,
  response: kline.response,
  errors: ['market_unknown'],
});
