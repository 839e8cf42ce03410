// The perpetuals' rows and the app's own views of them in Binance's USDⓈ-M shapes
// (docs/api-binance.md § "Perpetuals"): decimal strings, times in ms, Binance's field names and
// enums. Pure functions over what the app's calls answer (contract-queries.ts, contract-views.ts,
// contract-market-view.ts), so the door's REST answers and a later user-data stream
// (`ORDER_TRADE_UPDATE`, `ACCOUNT_UPDATE`) word the same row alike.
import { maintenanceMargin } from '../../core/contract/margin.ts';
import { fromUnits } from '../../core/market/units.ts';
import { displayAmount } from '../../core/money.ts';
import type {
  ContractOrder,
  ContractPosition,
  ContractMarket as MarketView,
} from '../../schemas/api/contract.schema.ts';
import { binanceStatus } from '../binance/order-status.ts';
import type { ContractMarket } from './contract-markets.ts';
import { signedAtoms } from './contract-store.ts';

const atom = 100_000_000n;
const ms = (iso: string) => new Date(iso).getTime();
/** Binance's decimal for a decimal of the app's (`0` where the app has none). */
const decimal = (text: string | null) => text ?? '0';

/** Binance's `deliveryDate` for a perpetual: 2100-12-25, which ccxt reads as "no expiry". */
export const perpetualDelivery = 4_133_404_800_000;

/** A market of `/contract/markets` as a symbol of `GET /fapi/v1/exchangeInfo`. */
export function binanceSymbol(view: MarketView, market: ContractMarket, onboardDate: number) {
  const band = view.price_band;
  const maxQty = fromUnits(market.rules.maxQuantity, market.quantityScale);
  return {
    symbol: view.symbol,
    pair: view.symbol,
    contractType: 'PERPETUAL',
    deliveryDate: perpetualDelivery,
    onboardDate,
    status: 'TRADING',
    baseAsset: view.base,
    quoteAsset: view.quote,
    marginAsset: view.quote,
    pricePrecision: view.price_scale,
    quantityPrecision: view.quantity_scale,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: [],
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: view.tick_size,
        maxPrice: view.max_price,
        tickSize: view.tick_size,
      },
      { filterType: 'LOT_SIZE', minQty: view.lot_size, maxQty, stepSize: view.lot_size },
      { filterType: 'MARKET_LOT_SIZE', minQty: view.lot_size, maxQty, stepSize: view.lot_size },
      { filterType: 'MIN_NOTIONAL', notional: view.min_notional },
      ...(band.bid_multiplier_up !== null && band.ask_multiplier_down !== null
        ? [
            {
              filterType: 'PERCENT_PRICE',
              multiplierUp: band.bid_multiplier_up,
              multiplierDown: band.ask_multiplier_down,
              multiplierDecimal: '4',
            },
          ]
        : []),
    ],
    orderTypes: ['LIMIT', 'MARKET'],
    timeInForce: ['GTC'],
  };
}

/** The market's brackets as `GET /fapi/v1/leverageBracket` lists them (decimal strings). */
export function binanceBrackets(view: MarketView) {
  return {
    symbol: view.symbol,
    notionalCoef: '1',
    brackets: view.brackets.map((bracket, i) => ({
      bracket: i + 1,
      initialLeverage: bracket.max_leverage,
      notionalCap: bracket.notional_cap,
      notionalFloor: i === 0 ? '0' : (view.brackets[i - 1]?.notional_cap ?? '0'),
      maintMarginRatio: bracket.maintenance_rate,
      cum: bracket.maintenance_amount,
    })),
  };
}

/**
 * An order (the app's view of its row) as `/fapi/v1/order` answers it. `filledValue` is the row's
 * exact Σ price × quantity of its fills (`cumQuote`); a market order shows price 0 as on Binance,
 * though the engine ran it with a protective limit.
 */
export function binanceOrder(order: ContractOrder, filledValue: string, clientOrderId: string) {
  const type = order.type === 'limit' ? 'LIMIT' : 'MARKET';
  return {
    orderId: order.id,
    symbol: order.symbol,
    status: binanceStatus(order),
    clientOrderId,
    price: order.type === 'limit' ? order.price : '0',
    avgPrice: decimal(order.avg_price),
    origQty: order.quantity,
    executedQty: order.filled_quantity,
    cumQty: order.filled_quantity,
    cumQuote: displayAmount(signedAtoms(filledValue)),
    timeInForce: 'GTC',
    type,
    origType: type,
    reduceOnly: order.reduce_only,
    closePosition: false,
    side: order.side === 'buy' ? 'BUY' : 'SELL',
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    priceMatch: 'NONE',
    goodTillDate: 0,
    time: ms(order.created_at),
    updateTime: ms(order.updated_at),
  };
}

/**
 * A client order id for an order the door did not place (the app's pages, the engine's own):
 * Binance's own prefixes for the site's orders and for liquidation and auto-deleveraging.
 */
export function defaultClientOrderId(order: Pick<ContractOrder, 'id' | 'purpose'>): string {
  if (order.purpose === 'liquidation') return `autoclose-${order.id}`;
  if (order.purpose === 'adl') return `adl_autoclose-${order.id}`;
  return `web_${order.id}`;
}

/** One of the user's fills (`/contract/fills`' view) as `GET /fapi/v1/userTrades` lists it. */
export function binanceTrade(fill: {
  id: number;
  symbol: string;
  order_id: number | null;
  side: 'buy' | 'sell';
  role: 'taker' | 'maker';
  price: string;
  quantity: string;
  value: string;
  fee: string;
  realized_pnl: string;
  created_at: string;
}) {
  return {
    symbol: fill.symbol,
    id: fill.id,
    orderId: fill.order_id ?? 0,
    side: fill.side === 'buy' ? 'BUY' : 'SELL',
    price: fill.price,
    qty: fill.quantity,
    realizedPnl: fill.realized_pnl,
    quoteQty: fill.value,
    commission: fill.fee,
    commissionAsset: 'USDT',
    time: ms(fill.created_at),
    positionSide: 'BOTH',
    maker: fill.role === 'maker',
    buyer: fill.side === 'buy',
  };
}

/** A position's figures in atoms, signed by its direction, at its mark. */
export function positionFigures(position: ContractPosition, market: ContractMarket) {
  const sign = position.direction === 'long' ? 1n : -1n;
  const quantity = signedAtoms(position.quantity);
  const mark = position.mark_price === null ? null : signedAtoms(position.mark_price);
  const size = mark === null ? 0n : (quantity * mark) / atom;
  return {
    amount: sign * quantity,
    notional: sign * size,
    maintenance: mark === null ? 0n : maintenanceMargin(market.brackets, quantity, mark),
    margin: signedAtoms(position.margin),
    unrealized: signedAtoms(position.unrealized_pnl),
  };
}

/**
 * An open position (`/contract/positions`' view) as `GET /fapi/v2/positionRisk` and
 * `/fapi/v3/positionRisk` answer it: one-way (`BOTH`), the amount and notional signed.
 */
export function binancePosition(position: ContractPosition, market: ContractMarket) {
  const figures = positionFigures(position, market);
  const isolated = position.margin_mode === 'isolated';
  const cap = market.brackets.filter((bracket) => bracket.maxLeverage >= position.leverage).at(-1);
  return {
    symbol: position.symbol,
    positionSide: 'BOTH',
    positionAmt: displayAmount(figures.amount),
    entryPrice: position.entry_price,
    markPrice: decimal(position.mark_price),
    unRealizedProfit: position.unrealized_pnl,
    liquidationPrice: decimal(position.liquidation_price),
    leverage: String(position.leverage),
    maxNotionalValue: cap ? displayAmount(cap.notionalCap) : '0',
    marginType: isolated ? 'isolated' : 'cross',
    isolatedMargin: isolated ? displayAmount(figures.margin + figures.unrealized) : '0',
    isolatedWallet: isolated ? position.margin : '0',
    isAutoAddMargin: 'false',
    marginAsset: 'USDT',
    notional: displayAmount(figures.notional),
    initialMargin: position.margin,
    positionInitialMargin: position.margin,
    openOrderInitialMargin: '0',
    maintMargin: displayAmount(figures.maintenance),
    adl: 0,
    updateTime: ms(position.opened_at),
  };
}

/** The contract wallet with its open positions: what `/fapi/v2/balance` and `…/account` show. */
export interface WalletFigures {
  /** The contract wallet's available and frozen USDT, atoms. */
  available: bigint;
  frozen: bigint;
  positions: readonly ContractPosition[];
  marketOf(symbol: string): ContractMarket | undefined;
  now: number;
}

/** The USDT asset of `GET /fapi/v2/balance` and `GET /fapi/v2|v3/account`. */
export function binanceAsset(wallet: WalletFigures) {
  let unrealized = 0n;
  let crossUnrealized = 0n;
  let positionMargin = 0n;
  let isolatedMargin = 0n;
  let maintenance = 0n;
  for (const position of wallet.positions) {
    const market = wallet.marketOf(position.symbol);
    if (!market) continue;
    const figures = positionFigures(position, market);
    unrealized += figures.unrealized;
    positionMargin += figures.margin;
    maintenance += figures.maintenance;
    if (position.margin_mode === 'isolated') isolatedMargin += figures.margin;
    else crossUnrealized += figures.unrealized;
  }
  const walletBalance = wallet.available + wallet.frozen;
  const orderMargin = wallet.frozen > positionMargin ? wallet.frozen - positionMargin : 0n;
  const text = displayAmount;
  return {
    asset: 'USDT',
    walletBalance: text(walletBalance),
    balance: text(walletBalance),
    unrealizedProfit: text(unrealized),
    marginBalance: text(walletBalance + unrealized),
    maintMargin: text(maintenance),
    initialMargin: text(wallet.frozen),
    positionInitialMargin: text(positionMargin),
    openOrderInitialMargin: text(orderMargin),
    crossWalletBalance: text(walletBalance - isolatedMargin),
    crossUnPnl: text(crossUnrealized),
    availableBalance: text(wallet.available),
    maxWithdrawAmount: text(wallet.available),
    marginAvailable: true,
    updateTime: wallet.now,
  };
}
