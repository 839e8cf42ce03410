// Events of the wallet: what each page asked for and what the server answered (the screens are
// drawn from these answers, so a capture replays them), the money-moving intents with their
// idempotency keys (never the trade password), and the private `balances`, `deposits` and `withdrawals`
// channels.
import { z } from 'zod/mini';
import {
  convertSmallBalances,
  previewSmallBalances,
} from '../../schemas/api/small-balances.schema.ts';
import {
  addressEntrySchema,
  addresses,
  assets,
  balances,
  chainSchema,
  depositAddress,
  deposits,
  records,
  recordType,
  transfer,
  walletSchema,
  walletToday,
  withdrawalSchema,
  withdrawals,
} from '../../schemas/api/wallet.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { event, privateFrame } from '../event.ts';

const page = z.object({ page: z.int() });
const key = z.string();
export const recordFilterSchema = z.union([recordType, z.literal('all')]);

export const walletEvents = [
  event('intent', 'wallet-balances-requested', z.null()),
  event('api', 'wallet-balances', balances.response),
  event('socket', 'balances', privateFrame(channelData.balances)),
  event('intent', 'wallet-today-requested', z.null()),
  event('api', 'wallet-today', walletToday.response),
  event('intent', 'wallet-assets-requested', z.null()),
  event('api', 'wallet-assets', assets.response),
  event(
    'intent',
    'wallet-deposit-address-requested',
    z.object({ asset: z.string(), chain: chainSchema }),
  ),
  event('api', 'wallet-deposit-address', depositAddress.response),
  event('intent', 'wallet-deposits-requested', page),
  event('api', 'wallet-deposits', deposits.response),
  event('socket', 'deposits', privateFrame(channelData.deposits)),
  event(
    'intent',
    'wallet-withdraw',
    z.object({
      asset: z.string(),
      chain: chainSchema,
      address: z.string(),
      amount: z.string(),
      key,
    }),
  ),
  event('intent', 'wallet-withdraw-cancel', z.object({ id: z.int(), key })),
  event('api', 'wallet-withdrawal', withdrawalSchema),
  event('socket', 'withdrawals', privateFrame(channelData.withdrawals)),
  event('intent', 'wallet-withdrawals-requested', page),
  event('api', 'wallet-withdrawals', withdrawals.response),
  event('intent', 'wallet-addresses-requested', z.null()),
  event('api', 'wallet-addresses', addresses.response),
  event('intent', 'wallet-address-add', z.object({ asset: z.string(), chain: chainSchema })),
  event('api', 'wallet-address-added', addressEntrySchema),
  event('intent', 'wallet-address-delete', z.object({ id: z.int() })),
  event('api', 'wallet-address-deleted', z.object({ id: z.int() })),
  event(
    'intent',
    'wallet-records-requested',
    z.object({ type: recordFilterSchema, page: z.int() }),
  ),
  event('api', 'wallet-records', z.object({ type: recordFilterSchema, answer: records.response })),
  event(
    'intent',
    'wallet-transfer',
    z.object({ from: walletSchema, to: walletSchema, asset: z.string(), amount: z.string(), key }),
  ),
  event('api', 'wallet-transferred', transfer.response),
  event('intent', 'wallet-small-balances-requested', z.null()),
  event('api', 'wallet-small-balances', previewSmallBalances.response),
  event('intent', 'wallet-small-balances-convert', z.object({ key })),
  event('api', 'wallet-small-balances-converted', convertSmallBalances.response),
] as const;
