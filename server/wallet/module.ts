// The wallet: balances valued at the index, deposit addresses and deposits, withdrawals with their
// review, transfers, the address book and records; pending withdrawals hold funds frozen.
import { defineModule } from '../module.ts';
import { walletOps } from './wallet-ops.ts';
import { walletRoutes } from './wallet-routes.ts';
import { withdrawalReservations } from './withdrawals.ts';

export const walletModule = defineModule({
  name: 'wallet',
  reservations: [withdrawalReservations],
  create(context) {
    walletRoutes(context.router, context, context.market);
    return { ops: walletOps(context) };
  },
});
