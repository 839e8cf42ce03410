// Trade ids for the Binance-compatible door (docs/api-binance.md § "Spot market data"). Binance
// numbers every trade of a symbol, and bots page and de-duplicate by that number; the app's recent
// trades carry none. Each trade is numbered as the market service publishes it (every publication
// tick, the trades it drained), and the door answers only the trades numbered so far: a trade is
// on the door once it is on the socket.
//
// Why the first id is the time of the first publication × 1000: ids then only grow across a
// restart and a move of the engines to another node (as long as fewer than 1000 trades a
// millisecond are published and the nodes' clocks agree), without storing a counter.
import type { MarketService } from './market-service.ts';
import type { UnitTrade } from './recent-trades.ts';

const idsPerMs = 1000;

export class TradeIds {
  /** The recent trades are the service's own objects: each is numbered where it is held. */
  readonly #ids = new WeakMap<UnitTrade, number>();
  #next: number | undefined;

  /**
   * A spot market service's trades, numbered as it publishes them. Made before the door's market
   * streams start (server/market/module.ts), it hears each tick first, so every trade a stream
   * sends has its id.
   */
  static of(service: Pick<MarketService, 'onChanges'>): TradeIds {
    const ids = new TradeIds();
    service.onChanges((now, changes) => {
      for (const change of changes.values()) ids.number(now, change.trades);
    });
    return ids;
  }

  /** Numbers trades published at `now`, in their order. */
  number(now: number, trades: readonly UnitTrade[]): void {
    for (const trade of trades) {
      this.#next ??= now * idsPerMs;
      this.#ids.set(trade, this.#next);
      this.#next += 1;
    }
  }

  /** The trade's id; undefined before it is published. */
  idOf(trade: UnitTrade): number | undefined {
    return this.#ids.get(trade);
  }
}
