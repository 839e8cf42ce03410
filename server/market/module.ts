// Market data: the feeds and the index, candles, the book and trades of every listed market over
// REST, and their public channels on the socket. The market service itself is built by the app
// (every product reads it); this module runs it.
import { defineModule } from '../module.ts';
import { marketRoutes } from './market-routes.ts';
import { marketStream } from './market-stream.ts';

export const marketModule = defineModule({
  name: 'market',
  create({ app, router, market, scheduler }) {
    marketRoutes(router, market, () => scheduler.now());
    // What can wait (the history the database lacks, older candles) begins once every module has
    // started, so their own reads at start do not queue behind it; the server answers meanwhile.
    app.addHook('onReady', async () => market.settle());
    return {
      publicStreams: [marketStream(market)],
      start: () => market.start(),
      stop: () => market.stop(),
    };
  },
});
