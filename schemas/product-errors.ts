// Every product's own errors, declared in its schemas/api/<product>.errors.ts: schemas/errors.ts
// adds their codes to the shared ones, schemas/messages/index.ts their messages. The two records
// stay apart so that a bundle that needs only the codes (the worker's) leaves the messages out.
import { aiErrorCodes, aiRefusals } from './api/ai.errors.ts';
import { apiKeysErrorCodes, apiKeysRefusals } from './api/api-keys.errors.ts';
import { contractErrorCodes, contractRefusals } from './api/contract.errors.ts';
import { notificationsErrorCodes, notificationsRefusals } from './api/notifications.errors.ts';
import { optionErrorCodes, optionRefusals } from './api/option.errors.ts';
import { smallBalancesErrorCodes, smallBalancesRefusals } from './api/small-balances.errors.ts';
import { subscriptionErrorCodes, subscriptionRefusals } from './api/subscription.errors.ts';
import { merged } from './error-definition.ts';

export const productErrorCodes = /* @__PURE__ */ merged(
  contractErrorCodes,
  optionErrorCodes,
  subscriptionErrorCodes,
  aiErrorCodes,
  notificationsErrorCodes,
  smallBalancesErrorCodes,
  apiKeysErrorCodes,
);

export const productRefusals = /* @__PURE__ */ merged(
  contractRefusals,
  optionRefusals,
  subscriptionRefusals,
  aiRefusals,
  notificationsRefusals,
  smallBalancesRefusals,
  apiKeysRefusals,
);
