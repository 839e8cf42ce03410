// Every call of the API, gathered from each domain's schema file: `docs/api.md` is generated from
// this list, and a test checks that the server serves each one. A new domain adds one line.
import * as account from './api/account.schema.ts';
import * as accountSecurity from './api/account-security.schema.ts';
import * as ai from './api/ai.schema.ts';
import * as apiKeys from './api/api-keys.schema.ts';
import * as content from './api/content.schema.ts';
import * as contract from './api/contract.schema.ts';
import * as contractBook from './api/contract-book.schema.ts';
import * as contractKline from './api/contract-kline.schema.ts';
import * as contractPositionChanges from './api/contract-position-changes.schema.ts';
import * as contractRecords from './api/contract-records.schema.ts';
import * as market from './api/market.schema.ts';
import * as notifications from './api/notifications.schema.ts';
import * as option from './api/option.schema.ts';
import * as passkey from './api/passkey.schema.ts';
import * as prints from './api/prints.schema.ts';
import * as reserves from './api/reserves.schema.ts';
import * as security from './api/security.schema.ts';
import * as smallBalances from './api/small-balances.schema.ts';
import * as spot from './api/spot.schema.ts';
import * as spotFills from './api/spot-fills.schema.ts';
import * as subscription from './api/subscription.schema.ts';
import * as support from './api/support.schema.ts';
import * as twoFactor from './api/two-factor.schema.ts';
import * as wallet from './api/wallet.schema.ts';
import type { Endpoint } from './endpoint.ts';

/** The endpoints a schema module exports, in the order it exports them. */
function endpointsOf(module: Record<string, unknown>): Endpoint[] {
  return Object.values(module).filter(
    (value): value is Endpoint =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'path' in value &&
      'response' in value,
  );
}

export const endpoints: readonly Endpoint[] = [
  ...endpointsOf(content),
  ...endpointsOf(market),
  ...endpointsOf(prints),
  ...endpointsOf(account),
  ...endpointsOf(security),
  ...endpointsOf(accountSecurity),
  ...endpointsOf(twoFactor),
  ...endpointsOf(passkey),
  ...endpointsOf(apiKeys),
  ...endpointsOf(wallet),
  ...endpointsOf(reserves),
  ...endpointsOf(spot),
  ...endpointsOf(smallBalances),
  ...endpointsOf(spotFills),
  ...endpointsOf(contract),
  ...endpointsOf(contractRecords),
  ...endpointsOf(contractPositionChanges),
  ...endpointsOf(contractBook),
  ...endpointsOf(contractKline),
  ...endpointsOf(option),
  ...endpointsOf(subscription),
  ...endpointsOf(ai),
  ...endpointsOf(support),
  ...endpointsOf(notifications),
];
