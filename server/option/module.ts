// The second contract: up/down contracts on a market's index over a fixed duration, opened and
// settled on the recorded index prints by the published rule; the pool they are paid from; the
// `/option/*` calls and `/market/second`; each user's contracts as they are placed and settled;
// and the operator's view of the pool.
import type { PrivateStream } from '../gateway/streams.ts';
import { defineModule } from '../module.ts';
import { declareFrameEvents } from '../notifications/frame-events.ts';
import { optionFrameEvents } from './notification-events.ts';
import { logOptionGate } from './option-gate.ts';
import { optionOps } from './option-pool.ts';
import { optionRoutes } from './option-routes.ts';
import { OptionService } from './option-service.ts';
import { optionFrames } from './private-frames.ts';

export const optionModule = defineModule({
  name: 'option',
  engine: true,
  create(context) {
    // A contract settled is a notification.
    declareFrameEvents('options', optionFrameEvents);
    const now = () => context.scheduler.now();
    logOptionGate(context.log, context.config.option, context.market.predictableFeeds);
    const service = new OptionService({
      db: context.db,
      now,
      market: context.market,
      prints: context.prints,
      settings: context.config.option,
      batchMax: context.config.trading.batchMax,
      log: context.log,
    });
    optionRoutes(context.router, { db: context.db, now, market: context.market }, service);
    const changes: PrivateStream = {
      start: (send) =>
        service.onCommitted((committed) => {
          for (const frame of optionFrames(committed)) {
            send(frame.userId, frame.channel, frame.data, committed.ts);
          }
        }),
    };
    return {
      privateStreams: [changes],
      ops: optionOps(context.db, () => service.writer),
      start: () => service.start(),
      stop: () => service.stop(),
    };
  },
});
