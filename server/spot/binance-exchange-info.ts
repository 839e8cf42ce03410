// `GET /api/v3/exchangeInfo` on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): the spot markets that take orders, with their rules as Binance's filters. The numbers are
// the ones `/spot/markets` answers (spot-markets.ts `rulesView`), so a bot checks its orders
// against exactly the rules the order calls apply.

import { fromUnits } from '../../core/market/units.ts';
import type { PriceBandView } from '../../schemas/api/orders.schema.ts';
import type { BinanceRouter, PublicEndpoint } from '../binance/binance-router.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import type { AppDeps } from '../deps.ts';
import { chooseMarkets, symbolChoiceParams } from '../market/binance-symbols.ts';
import { rulesView, type SpotMarket } from './spot-markets.ts';
import type { SpotService } from './spot-service.ts';

export const exchangeInfoEndpoint = {
  method: 'GET',
  path: '/api/v3/exchangeInfo',
  weight: 20,
  security: 'NONE',
  params: symbolChoiceParams,
} satisfies PublicEndpoint<typeof symbolChoiceParams>;

/** Decimals of every asset in the ledger (core/money.ts): what Binance calls an asset's precision. */
const assetPrecision = 8;

export function bindSpotExchangeInfo(
  router: BinanceRouter,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  spot: Pick<SpotService, 'markets'>,
): void {
  router.add(exchangeInfoEndpoint, async ({ params }) => {
    const { markets } = chooseMarkets(params, spot.markets(), (market) => market.symbol);
    return {
      timezone: 'UTC',
      // The server's time, the one `GET /api/v3/time` answers.
      serverTime: deps.clock.now().getTime(),
      // The door counts request weight only: no order-rate counters (docs/api-binance.md).
      rateLimits: [
        {
          rateLimitType: 'REQUEST_WEIGHT',
          interval: 'MINUTE',
          intervalNum: 1,
          limit: deps.config.binance.weightPerMinute,
        },
      ],
      exchangeFilters: [],
      symbols: markets.map(symbolInfo),
    };
  });
}

/** One market as Binance lists a symbol. */
export function symbolInfo(market: SpotMarket) {
  return {
    symbol: market.symbol,
    status: 'TRADING',
    baseAsset: market.base,
    baseAssetPrecision: assetPrecision,
    quoteAsset: market.quote,
    quotePrecision: assetPrecision,
    quoteAssetPrecision: assetPrecision,
    baseCommissionPrecision: assetPrecision,
    quoteCommissionPrecision: assetPrecision,
    // Limit and market orders only: no stop, take-profit or post-only (LIMIT_MAKER) orders.
    orderTypes: ['LIMIT', 'MARKET'],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    // A market buy may name the quote amount it spends (the app's `turnover`).
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    amendAllowed: false,
    pegInstructionsAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: filtersOf(market),
    permissions: [],
    permissionSets: [['SPOT']],
    // The engine cancels the resting order an incoming order of the same owner reaches.
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_MAKER'],
  };
}

/** The market's rules as Binance's filters, read from what `/spot/markets` answers. */
function filtersOf(market: SpotMarket): Record<string, unknown>[] {
  const rules = rulesView(market);
  const { rules: units, priceScale, quantityScale } = market;
  // The largest value an order may have: a market buy's turnover is bounded by it, as every
  // limit order's price × quantity is (core/market/order-rules.ts).
  const maxNotional = fromUnits(
    BigInt(units.maxPrice) * BigInt(units.maxQuantity),
    priceScale + quantityScale,
  );
  const filters: Record<string, unknown>[] = [
    {
      filterType: 'PRICE_FILTER',
      minPrice: binanceDecimal(rules.tick_size),
      maxPrice: binanceDecimal(rules.max_price),
      tickSize: binanceDecimal(rules.tick_size),
    },
    {
      filterType: 'LOT_SIZE',
      minQty: binanceDecimal(rules.lot_size),
      maxQty: binanceDecimal(rules.max_quantity),
      stepSize: binanceDecimal(rules.lot_size),
    },
    {
      filterType: 'NOTIONAL',
      minNotional: binanceDecimal(rules.min_notional),
      // A market buy's turnover is checked against both; a market sell's value is not checked.
      applyMinToMarket: true,
      maxNotional: binanceDecimal(maxNotional),
      applyMaxToMarket: true,
      // 0: the app checks against the moment's index, not an average over minutes.
      avgPriceMins: 0,
    },
  ];
  const band = percentPriceBySide(rules.price_band);
  if (band) filters.push(band);
  return filters;
}

/**
 * The price band as Binance's PERCENT_PRICE_BY_SIDE, its reference the index. Spot's settings
 * always bound all four ways; a band open in any way has no Binance form and is left out (the
 * PRICE_FILTER still bounds every price).
 */
function percentPriceBySide(band: PriceBandView) {
  const { bid_multiplier_up, bid_multiplier_down, ask_multiplier_up, ask_multiplier_down } = band;
  if (
    bid_multiplier_up === null ||
    bid_multiplier_down === null ||
    ask_multiplier_up === null ||
    ask_multiplier_down === null
  ) {
    return undefined;
  }
  return {
    filterType: 'PERCENT_PRICE_BY_SIDE',
    bidMultiplierUp: bid_multiplier_up,
    bidMultiplierDown: bid_multiplier_down,
    askMultiplierUp: ask_multiplier_up,
    askMultiplierDown: ask_multiplier_down,
    avgPriceMins: 0,
  };
}
