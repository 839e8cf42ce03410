// The AI ETF section's products: fixed-term, fixed-rate products funded from the platform's reward
// reserve, bought from the funding wallet, paid daily by the published schedule and returned at
// maturity (or early, less the rewards paid), all through one writer.
import { userFrames } from '../gateway/streams.ts';
import { balanceStream } from '../ledger/balance-frames.ts';
import { defineModule } from '../module.ts';
import { declareFrameEvents } from '../notifications/frame-events.ts';
import { AiClock } from './ai-clock.ts';
import { aiOps } from './ai-ops.ts';
import { aiRoutes } from './ai-routes.ts';
import { orderView } from './ai-views.ts';
import { AiWriter } from './ai-writer.ts';
import { aiFrameEvents } from './notification-events.ts';

export const aiModule = defineModule({
  name: 'ai',
  engine: true,
  create(context) {
    // An order maturing is a notification.
    declareFrameEvents('ai-order-updates', aiFrameEvents);
    // Rewards follow calendar days: the business clock, not the market's timers.
    const now = () => context.clock.now().getTime();
    const balances = balanceStream();
    const orders = userFrames();
    const writer = new AiWriter({
      db: context.db,
      now,
      batchMax: context.config.trading.batchMax,
      orderView,
      onBalances: balances.publish,
      onMatured: (byUser, ts) => {
        for (const [userId, list] of byUser) orders.send(userId, 'ai-order-updates', list, ts);
      },
      log: context.log,
    });
    const clock = new AiClock({
      db: context.db,
      scheduler: context.scheduler,
      now,
      writer,
      log: context.log,
    });
    aiRoutes(context.router, context.db, writer);
    return {
      privateStreams: [balances.stream, orders.stream],
      ops: aiOps(context.db, now),
      start: async () => {
        await writer.rebuild();
        clock.start();
      },
      stop: async () => {
        await clock.stop();
        await writer.idle();
      },
    };
  },
});
