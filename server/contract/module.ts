// Perpetual contracts: the contract engine over every perpetual's book, the mark recorder and
// liquidation, the liquidity provider's quotes, the `/contract/*` calls, each perpetual's own book
// and trades on the public channels, its candles of its own trades (`/contract/kline` and
// `perpetual-kline.*`), each user's positions, orders and balances as they change, and the
// funding rounds' progress for the operator (`ops funding list`). Resting orders and open
// positions hold margin frozen.
import type { PrivateStream } from '../gateway/streams.ts';
import { defineModule } from '../module.ts';
import { declareFrameEvents } from '../notifications/frame-events.ts';
import { bookRoutes } from './book-routes.ts';
import { contractReservations } from './contract-queries.ts';
import { contractRoutes } from './contract-routes.ts';
import { ContractService } from './contract-service.ts';
import { contractStream } from './contract-stream.ts';
import { fundingOps } from './funding-ops.ts';
import { klineRoutes } from './kline-routes.ts';
import { contractFrameEvents } from './notification-events.ts';
import { contractFrames } from './private-frames.ts';

export const contractModule = defineModule({
  name: 'contract',
  engine: true,
  reservations: [contractReservations],
  create(context) {
    // A position closed by its liquidation, take-profit or stop-loss is a notification.
    declareFrameEvents('contract-orders', contractFrameEvents);
    const service = new ContractService({
      db: context.db,
      clock: context.clock,
      scheduler: context.scheduler,
      market: context.market,
      prints: context.prints,
      settings: context.config.contract,
      trading: context.config.trading,
      log: context.log,
    });
    contractRoutes(context.router, context, service);
    bookRoutes(context.router, context.clock, service);
    klineRoutes(context.router, service, context.market);
    const changes: PrivateStream = {
      start: (send) =>
        service.onCommitted((committed) => {
          const { engine } = service;
          if (!engine) return;
          for (const frame of contractFrames(engine, committed)) {
            send(frame.userId, frame.channel, frame.data, committed.ts);
          }
        }),
    };
    return {
      publicStreams: [contractStream(service)],
      privateStreams: [changes],
      ops: fundingOps(context.db),
      start: () => service.start(),
      stop: () => service.stop(),
    };
  },
});
