// Perpetual contracts: the contract engine over every perpetual's book, the mark recorder and
// liquidation, the liquidity provider's quotes, the `/contract/*` calls, each perpetual's own book
// and trades on the public channels, its candles of its own trades (`/contract/kline` and
// `perpetual-kline.*`), each user's positions, orders and balances as they change, and the
// funding rounds' progress for the operator (`ops funding list`). Resting orders and open
// positions hold margin frozen.
import type { PrivateStream } from '../gateway/streams.ts';
import { publishPrints, RelayedPrints } from '../market/print-relay.ts';
import { defineModule, type ModuleContext } from '../module.ts';
import { declareFrameEvents } from '../notifications/frame-events.ts';
import { binanceUsdmStream } from './binance-market-stream.ts';
import { binancePerpetualRoutes } from './binance-routes.ts';
import { usdmEventsPublisher } from './binance-user-events.ts';
import { bookRoutes } from './book-routes.ts';
import { BookTicks } from './book-ticks.ts';
import { contractCallLease, perpetualLease, perpetualOf } from './call-market.ts';
import { contractReservations } from './contract-queries.ts';
import { contractRoutes } from './contract-routes.ts';
import { ContractService, type ContractServiceOptions } from './contract-service.ts';
import { contractStream } from './contract-stream.ts';
import { fundingOps } from './funding-ops.ts';
import { klineRoutes } from './kline-routes.ts';
import { contractFrameEvents } from './notification-events.ts';
import { contractFrames } from './private-frames.ts';
import {
  followCrossLiquidations,
  followMarks,
  publishCrossLiquidation,
  publishMarks,
} from './spread-relay.ts';

export const contractModule = defineModule({
  name: 'contract',
  engine: true,
  keyScope: 'futures',
  spreads: 'perpetual',
  reservations: [contractReservations],
  create(context) {
    // A position closed by its liquidation, take-profit or stop-loss is a notification.
    declareFrameEvents('contract-orders', contractFrameEvents);
    const spread = spreadParts(context);
    const service = new ContractService({
      ...(spread ? { spread } : {}),
      db: context.db,
      clock: context.clock,
      scheduler: context.scheduler,
      market: context.market,
      prints: context.prints,
      settings: context.config.contract,
      trading: context.config.trading,
      log: context.log,
    });
    // One drain of the books a tick, for the app's channels and the door's streams alike.
    const ticks = new BookTicks(service);
    contractRoutes(context.router, context, service);
    bookRoutes(context.router, context.clock, service);
    klineRoutes(context.router, service, context.market);
    // The same markets on the Binance-compatible door (docs/api-binance.md § "Perpetuals").
    binancePerpetualRoutes(
      context.binanceRouter,
      {
        db: context.db,
        writerDb: (symbol) => spread?.writerDb(symbol) ?? context.db,
        clock: context.clock,
        market: context.market,
        settings: context.config.contract,
      },
      service,
    );
    // And, for a user whose door stream is open, as Binance's events (binance-user-events.ts).
    service.onCommitted(
      usdmEventsPublisher(context.db, context.doorEvents, () => service.engine, context.log),
    );
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
    // Where the perpetuals are spread over the nodes, the engines' node puts each round of index
    // prints on the bus for the nodes holding markets, and each node its markets' marks for all.
    let stopPublishing: (() => void) | undefined;
    const markets = new Set(service.engine?.markets.keys());
    const { engine } = service;
    if (spread && engine) {
      const { funding } = service;
      const estimateOf = (symbol: string) => funding?.estimatedRate(symbol) ?? 0n;
      service.onRecorded((rows) => publishMarks(context.bus, rows, estimateOf, context.log));
      followMarks(context.bus, engine.marks, {
        holds: (symbol) => engine.holds(symbol),
        estimated: (symbol, rate) => funding?.heardEstimate(symbol, rate),
        log: context.log,
      });
      followCrossLiquidations(
        context.bus,
        (userId, symbol) => engine.cancelForLiquidation(userId, symbol),
        context.log,
      );
    }
    return {
      publicStreams: [contractStream(service, ticks), binanceUsdmStream(service, ticks)],
      privateStreams: [changes],
      ops: fundingOps(context.db),
      start: async () => {
        if (spread) stopPublishing = publishPrints(context.bus, context.prints, context.log);
        await service.start();
      },
      stop: async () => {
        stopPublishing?.();
        await service.stop();
      },
      ...(spread && {
        share: {
          leases: [...markets].map(perpetualLease),
          hold: (lease) => service.hold(perpetualOf(lease) ?? lease),
          release: (lease) => service.release(perpetualOf(lease) ?? lease),
          leaseOf: contractCallLease(context.db, markets),
        },
      }),
    };
  },
});

/** What the service needs where the perpetuals are spread over the nodes; none elsewhere. */
function spreadParts(context: ModuleContext): ContractServiceOptions['spread'] {
  const { leasedDb } = context;
  if (!leasedDb || !context.config.spreadMarkets.includes('perpetual')) return undefined;
  return {
    prints: new RelayedPrints({ bus: context.bus, log: context.log }),
    writerDb: (symbol) => leasedDb(perpetualLease(symbol)),
    crossLiquidated: (userId, symbol) =>
      publishCrossLiquidation(context.bus, userId, symbol, context.log),
  };
}
