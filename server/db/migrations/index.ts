// The numbered migrations, one set for PGlite and PostgreSQL alike, in the one order they run: a
// product's own live in its folder (server/<product>/migrations/); add new ones at the end.
import type { Migration, MigrationProvider } from 'kysely';
import * as ai from '../../ai/migrations/0012-ai.ts';
import * as aiAccrualRounds from '../../ai/migrations/0023-ai-accrual-rounds.ts';
import * as contract from '../../contract/migrations/0009-contract.ts';
import * as contractMarkRecord from '../../contract/migrations/0016-contract-mark-record.ts';
import * as contractFundingSlices from '../../contract/migrations/0024-contract-funding-slices.ts';
import * as contractIdSequences from '../../contract/migrations/0026-contract-id-sequences.ts';
import * as contractChosenTerms from '../../contract/migrations/0032-contract-chosen-terms.ts';
import * as notifications from '../../notifications/migrations/0022-notifications.ts';
import * as option from '../../option/migrations/0010-option.ts';
import * as optionSettlementRounds from '../../option/migrations/0025-option-settlement-rounds.ts';
import * as spot from '../../spot/migrations/0005-spot.ts';
import * as spotClientOrderIds from '../../spot/migrations/0031-spot-client-order-ids.ts';
import * as subscription from '../../subscription/migrations/0011-subscription.ts';
import * as accounts from './0001-accounts.ts';
import * as candles from './0002-candles.ts';
import * as ledger from './0003-ledger.ts';
import * as wallet from './0004-wallet.ts';
import * as identity from './0006-identity.ts';
import * as content from './0007-content.ts';
import * as uploadQuota from './0008-upload-quota.ts';
import * as ledgerEntriesUnchecked from './0013-ledger-entries-unchecked.ts';
import * as cluster from './0014-cluster.ts';
import * as clusterIdentity from './0015-cluster-identity.ts';
import * as accountSecurity from './0017-account-security.ts';
import * as chainWatch from './0018-chain-watch.ts';
import * as proofOfReserves from './0019-proof-of-reserves.ts';
import * as chainSends from './0020-chain-sends.ts';
import * as reserveHoldings from './0021-reserve-holdings.ts';
import * as ledgerAccountShards from './0027-ledger-account-shards.ts';
import * as apiKeys from './0028-api-keys.ts';
import * as listenKeys from './0030-listen-keys.ts';

const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-candles': candles,
  '0003-ledger': ledger,
  '0004-wallet': wallet,
  '0005-spot': spot,
  '0006-identity': identity,
  '0007-content': content,
  '0008-upload-quota': uploadQuota,
  '0009-contract': contract,
  '0010-option': option,
  '0011-subscription': subscription,
  '0012-ai': ai,
  '0013-ledger-entries-unchecked': ledgerEntriesUnchecked,
  '0014-cluster': cluster,
  '0015-cluster-identity': clusterIdentity,
  '0016-contract-mark-record': contractMarkRecord,
  '0017-account-security': accountSecurity,
  '0018-chain-watch': chainWatch,
  '0019-proof-of-reserves': proofOfReserves,
  '0020-chain-sends': chainSends,
  '0021-reserve-holdings': reserveHoldings,
  '0022-notifications': notifications,
  '0023-ai-accrual-rounds': aiAccrualRounds,
  '0024-contract-funding-slices': contractFundingSlices,
  '0025-option-settlement-rounds': optionSettlementRounds,
  '0026-contract-id-sequences': contractIdSequences,
  '0027-ledger-account-shards': ledgerAccountShards,
  '0028-api-keys': apiKeys,
  '0030-listen-keys': listenKeys,
  '0031-spot-client-order-ids': spotClientOrderIds,
  '0032-contract-chosen-terms': contractChosenTerms,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
