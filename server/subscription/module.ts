// Pre-sale subscriptions: projects set up by operators, USDT committed and frozen during the
// pre-sale, an allocation anyone can recompute from what is published, and the tokens credited
// with the unused USDT released at distribution, all through one writer. Undistributed
// commitments hold USDT frozen in the funding wallet.
import { userFrames } from '../gateway/streams.ts';
import { balanceStream } from '../ledger/balance-frames.ts';
import { defineModule } from '../module.ts';
import { declareFrameEvents } from '../notifications/frame-events.ts';
import { priceSources } from '../wallet/price-sources.ts';
import { Allocations } from './allocations.ts';
import { subscriptionFrameEvents } from './notification-events.ts';
import { presalePrices } from './presale-prices.ts';
import { SubscriptionClock } from './subscription-clock.ts';
import { subscriptionOps } from './subscription-ops.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { subscriptionReservations } from './subscription-store.ts';
import { recordView, spotPrice } from './subscription-views.ts';
import { SubscriptionWriter } from './subscription-writer.ts';

export const subscriptionModule = defineModule({
  name: 'subscription',
  engine: true,
  reservations: [subscriptionReservations],
  create(context) {
    // A distribution is a notification.
    declareFrameEvents('subscription-updates', subscriptionFrameEvents);
    const now = () => context.scheduler.now();
    const balances = balanceStream();
    const records = userFrames();
    const allocations = new Allocations(context.db);
    // The asset center values a token not yet listed at its pre-sale price.
    priceSources(context.market).add(presalePrices(context.db));
    const writer = new SubscriptionWriter({
      db: context.db,
      now,
      batchMax: context.config.trading.batchMax,
      allocations,
      recordOf: (project, commitment, allocation) =>
        recordView(
          project,
          commitment,
          allocation,
          now(),
          spotPrice(context.market, project.asset),
        ),
      onBalances: balances.publish,
      onDistributed: (byUser, ts) => {
        for (const [userId, list] of byUser) records.send(userId, 'subscription-updates', list, ts);
      },
      log: context.log,
    });
    const clock = new SubscriptionClock({
      db: context.db,
      scheduler: context.scheduler,
      writer,
      allocations,
      log: context.log,
    });
    subscriptionRoutes(
      { engines: context.router, anyNode: context.anyNodeRouter },
      { db: context.db, now, market: context.market },
      writer,
      allocations,
    );
    return {
      privateStreams: [balances.stream, records.stream],
      ops: subscriptionOps(context.db, now),
      start: async () => clock.start(),
      stop: async () => {
        await clock.stop();
        await writer.idle();
      },
    };
  },
});
