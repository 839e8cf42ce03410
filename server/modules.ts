// The server's modules, one line each, in the order they start (market data first: the products
// read it) and stop (the other way round).
import { accountsModule } from './accounts/module.ts';
import { aiModule } from './ai/module.ts';
import { chainModule } from './chain/module.ts';
import { contentModule } from './content/module.ts';
import { contractModule } from './contract/module.ts';
import { identityModule } from './identity/module.ts';
import { marketModule } from './market/module.ts';
import type { ModuleDefinition } from './module.ts';
import { notificationsModule } from './notifications/module.ts';
import { optionModule } from './option/module.ts';
import { referralsModule } from './referrals/module.ts';
import { reservesModule } from './reserves/module.ts';
import { securityModule } from './security/module.ts';
import { spotModule } from './spot/module.ts';
import { subscriptionModule } from './subscription/module.ts';
import { supportModule } from './support/module.ts';
import { walletModule } from './wallet/module.ts';

export const modules: readonly ModuleDefinition[] = [
  marketModule,
  accountsModule,
  securityModule,
  identityModule,
  referralsModule,
  walletModule,
  chainModule,
  reservesModule,
  spotModule,
  contractModule,
  optionModule,
  subscriptionModule,
  aiModule,
  contentModule,
  supportModule,
  notificationsModule,
];

/** Everything the modules hold frozen: what the ledger check compares frozen balances with. */
export const exchangeReservations = modules.flatMap((module) => module.reservations ?? []);
