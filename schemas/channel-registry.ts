// Every domain's socket channels beyond the market's, one line each: schemas/channels.ts builds
// and parses names from this list, so a new product adds its `<product>.channels.ts` beside its
// schema file and one line here (docs/architecture.md § "Adding a product").
import { aiChannels } from './api/ai.channels.ts';
import { contractChannels } from './api/contract.channels.ts';
import { identityChannels } from './api/identity.channels.ts';
import { notificationsChannels } from './api/notifications.channels.ts';
import { optionChannels } from './api/option.channels.ts';
import { spotChannels } from './api/spot.channels.ts';
import { subscriptionChannels } from './api/subscription.channels.ts';
import { supportChannels } from './api/support.channels.ts';
import { walletChannels } from './api/wallet.channels.ts';

export const domainChannels = [
  spotChannels,
  contractChannels,
  optionChannels,
  subscriptionChannels,
  aiChannels,
  walletChannels,
  supportChannels,
  identityChannels,
  notificationsChannels,
] as const;
