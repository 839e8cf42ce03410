// Spot trading: a single writer per market over the matching engine, settlement through the
// ledger, the liquidity provider, the order calls, and each user's orders and balances as they
// change; resting orders hold funds frozen.
import type { PrivateStream } from '../gateway/streams.ts';
import { defineModule } from '../module.ts';
import { spotReservations } from './order-store.ts';
import { privateFrames } from './private-frames.ts';
import { smallBalanceRoutes } from './small-balance-routes.ts';
import { spotRoutes } from './spot-routes.ts';
import { SpotService } from './spot-service.ts';

export const spotModule = defineModule({
  name: 'spot',
  engine: true,
  reservations: [spotReservations],
  create(context) {
    const spot = new SpotService({
      db: context.db,
      clock: context.clock,
      scheduler: context.scheduler,
      market: context.market,
      settings: context.config.spot,
      log: context.log,
    });
    spotRoutes(context.router, context, spot);
    smallBalanceRoutes(context.router, context, spot);
    // A committed command reaches each user it touched at once, on `orders` and `balances`.
    const changes: PrivateStream = {
      start: (send) =>
        spot.onCommitted((committed) => {
          for (const frame of privateFrames(committed)) {
            send(frame.userId, frame.channel, frame.data, committed.ts);
          }
        }),
    };
    return {
      privateStreams: [changes],
      start: () => spot.start(),
      // The last commands finish and publish while the market data is still live.
      stop: () => spot.stop(),
    };
  },
});
