// The perpetuals' refusals Binance has codes of its own for, in Binance's USDⓈ-M words: the door's
// shared mapping (server/binance/errors.ts `binanceErrorOf`) knows the errors every product shares;
// these are the contract's. Anything else goes on to the shared mapping unchanged.
import { BinanceError } from '../binance/errors.ts';
import { BusinessError } from '../http/business-error.ts';

export const perpetualRefusals = {
  invalidOrderType: () => new BinanceError(-1116, 'Invalid orderType.'),
  invalidTimeInForce: () => new BinanceError(-1115, 'Invalid timeInForce.'),
  notRequired: (name: string) =>
    new BinanceError(-1106, `Parameter '${name}' sent when not required.`),
  positionSide: () =>
    new BinanceError(-4061, "Order's position side does not match user's setting."),
  reduceOnly: () => new BinanceError(-2022, 'ReduceOnly Order is rejected.'),
  overBracket: () =>
    new BinanceError(-2027, 'Exceeded the maximum allowable position at current leverage.'),
  duplicateClientId: () => new BinanceError(-4116, 'ClientOrderId is duplicated.'),
  badLeverage: (leverage: string) => new BinanceError(-4028, `Leverage ${leverage} is not valid`),
  marginTypeUnchanged: () => new BinanceError(-4046, 'No need to change margin type.'),
  marginTypeWithOrders: () =>
    new BinanceError(-4047, 'Margin type cannot be changed if there exists open orders.'),
  marginTypeWithPosition: () =>
    new BinanceError(-4048, 'Margin type cannot be changed if there exists position.'),
  /**
   * Binance's code for margin short of an order, in the words ccxt reads as `InsufficientFunds`
   * whatever host it calls: its USDⓈ-M table of codes (-2019 among them) applies only to
   * `fapi.binance.com` and the like, its shared table of messages to every host.
   */
  marginInsufficient: () =>
    new BinanceError(-2019, 'Account has insufficient balance for requested action.'),
  leverageWithOrders: () =>
    new BinanceError(-4047, 'Leverage cannot be changed if there exists open orders.'),
};

/** Runs `call`, its contract refusals turned into Binance's (others pass through as they are). */
export async function inBinanceTerms<T>(call: () => Promise<T>, leverage?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    throw refusalOf(error.errorName, leverage) ?? error;
  }
}

function refusalOf(name: string, leverage: string | undefined): BinanceError | undefined {
  switch (name) {
    case 'reduce_only_would_open':
    case 'close_exceeds_position':
    case 'position_not_found':
      return perpetualRefusals.reduceOnly();
    case 'leverage_too_high_for_position':
      return perpetualRefusals.overBracket();
    case 'idempotency_key_reused':
      return perpetualRefusals.duplicateClientId();
    case 'leverage_invalid':
      return perpetualRefusals.badLeverage(leverage ?? '');
    case 'margin_insufficient':
      return perpetualRefusals.marginInsufficient();
    case 'contract_settings_locked':
      return perpetualRefusals.leverageWithOrders();
    default:
      return undefined;
  }
}
