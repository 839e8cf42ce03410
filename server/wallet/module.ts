// The wallet: balances valued at the index, deposit addresses and deposits, withdrawals with their
// review, transfers, the address book and records; pending withdrawals hold funds frozen.
import { defineModule } from '../module.ts';
import { depositFrames } from './deposit-frames.ts';
import { walletFrames } from './wallet-frames.ts';
import { walletOps } from './wallet-ops.ts';
import { walletRoutes } from './wallet-routes.ts';
import { withdrawalReservations } from './withdrawals.ts';

export const walletModule = defineModule({
  name: 'wallet',
  reservations: [withdrawalReservations],
  create(context) {
    walletRoutes(context.router, context, {
      market: context.market,
      // Balances are valued at the index: answered where the market data is.
      valuedRouter: context.marketRouter,
    });
    return {
      ops: walletOps(context),
      privateStreams: [
        depositFrames({
          db: context.db,
          explorer: context.config.chain.explorerTxUrl,
          log: context.log,
        }),
        walletFrames({
          db: context.db,
          explorer: context.config.chain.explorerTxUrl,
          log: context.log,
        }),
      ],
    };
  },
});
