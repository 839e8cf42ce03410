// Spot trading: a single writer per market over the matching engine, settlement through the
// ledger, the liquidity provider, the order calls, and each user's orders and balances as they
// change; resting orders hold funds frozen. With SPREAD_MARKETS naming spot, each market's writer
// runs under a lease of its own on one of the nodes (spot-spread.ts).
import type { PrivateStream } from '../gateway/streams.ts';
import { RelayedPrints } from '../market/print-relay.ts';
import { defineModule, type ModuleContext } from '../module.ts';
import { bindSpotExchangeInfo } from './binance-exchange-info.ts';
import { bindSpotTrading } from './binance-spot-trading.ts';
import { spotUserEvents } from './binance-user-events.ts';
import { spotCallLease } from './call-market.ts';
import { spotReservations } from './order-store.ts';
import { privateFrames } from './private-frames.ts';
import { smallBalanceRoutes } from './small-balance-routes.ts';
import { spotRoutes } from './spot-routes.ts';
import { SpotService } from './spot-service.ts';
import { SpotSpread, spotLease, spotOf } from './spot-spread.ts';

export const spotModule = defineModule({
  name: 'spot',
  engine: true,
  keyScope: 'spot',
  spreads: 'spot',
  reservations: [spotReservations],
  create(context) {
    const spread = spreadParts(context);
    const spot = new SpotService({
      ...(spread ? { spread } : {}),
      db: context.db,
      clock: context.clock,
      scheduler: context.scheduler,
      market: context.market,
      settings: context.config.spot,
      log: context.log,
    });
    spotRoutes(context.router, context, spot);
    smallBalanceRoutes(context.router, context, spot);
    bindSpotExchangeInfo(context.binanceRouter, context, spot);
    bindSpotTrading(context.binanceRouter, context, spot);
    // And, for a user whose door stream is open, as Binance's events (binance-user-events.ts).
    spot.onCommitted(spotUserEvents(context.db, context.doorEvents, context.log));
    // A committed command reaches each user it touched at once, on `orders` and `balances`.
    const changes: PrivateStream = {
      start: (send) =>
        spot.onCommitted((committed) => {
          for (const frame of privateFrames(committed)) {
            send(frame.userId, frame.channel, frame.data, committed.ts);
          }
        }),
    };
    const markets = new Set(spot.markets().map((market) => market.symbol));
    return {
      privateStreams: [changes],
      start: () => spot.start(),
      // The last commands finish and publish while the market data is still live.
      stop: () => spot.stop(),
      ...(spread && {
        share: {
          leases: [...markets].map(spotLease),
          hold: (lease, epoch) => spot.hold(spotOf(lease) ?? lease, epoch),
          release: (lease) => spot.release(spotOf(lease) ?? lease),
          leaseOf: spotCallLease(context.db, markets),
        },
      }),
    };
  },
});

/** What the service needs where the spot markets are spread over the nodes; none elsewhere. */
function spreadParts(context: ModuleContext): SpotSpread | undefined {
  const { leasedDb } = context;
  if (!leasedDb || !context.config.spreadMarkets.includes('spot')) return undefined;
  return new SpotSpread({
    bus: context.bus,
    log: context.log,
    market: context.market,
    prints: new RelayedPrints({ bus: context.bus, log: context.log }),
    leasedDb,
  });
}
