// Market data: the feeds and the index, candles, the book and trades of every listed market over
// REST, their public channels on the socket, and the index prints. The market service and the
// print recorder are built by the app (every product reads them); this module runs them.
import { defineModule } from '../module.ts';
import { bindBinanceMarketData } from './binance-market-data.ts';
import { binanceMarketDataStream } from './binance-market-stream.ts';
import { TradeIds } from './binance-trade-ids.ts';
import { marketRoutes } from './market-routes.ts';
import { marketStream } from './market-stream.ts';
import { printRoutes } from './print-routes.ts';

export const marketModule = defineModule({
  name: 'market',
  engine: true,
  create({ app, router, binanceRouter, market, prints, scheduler, db }) {
    marketRoutes(router, market, () => scheduler.now());
    // Numbered before any stream starts, so it hears each tick first (binance-trade-ids.ts).
    const tradeIds = TradeIds.of(market);
    bindBinanceMarketData(binanceRouter, market, () => scheduler.now(), tradeIds);
    printRoutes(router, db, market);
    // What can wait (the history the database lacks, older candles) begins once every module has
    // started, so their own reads at start do not queue behind it; the server answers meanwhile.
    // On the node that runs the engines only: it may take them over long after it became ready.
    let ready = false;
    let started = false;
    app.addHook('onReady', async () => {
      ready = true;
      if (started) market.settle();
    });
    return {
      publicStreams: [marketStream(market), binanceMarketDataStream(market, tradeIds)],
      start: async () => {
        await market.start();
        prints.start();
        started = true;
        if (ready) market.settle();
      },
      stop: async () => {
        await prints.stop();
        await market.stop();
      },
    };
  },
});
