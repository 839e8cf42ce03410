// An order's state in Binance's words, for every product's door (docs/api-binance.md): the app's
// orders share one vocabulary (open, partially filled, filled, cancelled with a reason), and
// Binance tells apart what the app calls a cancel: a market order's unfilled rest expired, as
// Binance's immediate-or-cancel rest does, and an order cancelled to prevent a self-trade expired
// in the match.

export type BinanceOrderStatus =
  | 'NEW'
  | 'PARTIALLY_FILLED'
  | 'FILLED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'EXPIRED_IN_MATCH';

export interface AppOrderState {
  status: 'open' | 'partially_filled' | 'filled' | 'cancelled';
  cancel_reason: string | null;
}

export function binanceStatus(order: AppOrderState): BinanceOrderStatus {
  switch (order.status) {
    case 'open':
      return 'NEW';
    case 'partially_filled':
      return 'PARTIALLY_FILLED';
    case 'filled':
      return 'FILLED';
    case 'cancelled':
      if (order.cancel_reason === 'unfilled') return 'EXPIRED';
      if (order.cancel_reason === 'self_trade') return 'EXPIRED_IN_MATCH';
      return 'CANCELED';
  }
}
