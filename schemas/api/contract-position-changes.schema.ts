// Changes a trader makes to an open perpetual position (`/contract/tpsl`, `/margin`,
// `/leverage`), each answered with the position (or the leverage) as it now stands. Kept apart
// from contract.schema.ts, which opens, closes and lists positions; the server runs them in
// server/contract/position-changes.ts.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { writerCallErrors } from '../errors.ts';
import { blankAsAbsent, positiveDecimal } from '../primitives.ts';
import { rowId } from '../row-ids.ts';
import { contractPositionSchema, leverageInput } from './contract.schema.ts';
import { symbolSchema } from './market.schema.ts';

const moneyErrors = writerCallErrors;

export const contractTpSl = defineEndpoint({
  method: 'POST',
  path: '/contract/tpsl',
  summary:
    "Sets a position's take-profit and stop-loss, triggered by the mark price and closing the position (or `quantity` of it) with a reduce-only market order; an empty price clears it. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({
    position_id: rowId('contract_positions.id', 'bigint'),
    tp_price: blankAsAbsent(positiveDecimal),
    sl_price: blankAsAbsent(positiveDecimal),
    /** The whole position when absent. */
    quantity: blankAsAbsent(positiveDecimal),
  }),
  response: contractPositionSchema,
  errors: [
    ...moneyErrors,
    'position_not_found',
    'price_off_tick',
    'price_out_of_range',
    'quantity_off_lot',
    'close_exceeds_position',
    'take_profit_invalid',
    'stop_loss_invalid',
  ],
});

export const contractMargin = defineEndpoint({
  method: 'POST',
  path: '/contract/margin',
  summary:
    "Adds to or removes from an isolated position's margin; removing keeps it at or above the initial margin at the mark. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({
    position_id: rowId('contract_positions.id', 'bigint'),
    action: z.enum(['add', 'remove']),
    amount: positiveDecimal,
  }),
  response: contractPositionSchema,
  errors: [
    ...moneyErrors,
    'position_not_found',
    'margin_mode_cross',
    'amount_invalid',
    'balance_insufficient',
    'margin_remove_too_much',
  ],
});

export const contractLeverage = defineEndpoint({
  method: 'POST',
  path: '/contract/leverage',
  summary:
    "Changes the leverage of the caller's position in a market, freezing or releasing the margin the new leverage needs; without a position it only checks the value. Needs an Idempotency-Key header",
  auth: true,
  request: z.object({ symbol: symbolSchema, leverage: leverageInput }),
  response: z.object({ symbol: symbolSchema, leverage: z.int() }),
  errors: [
    ...moneyErrors,
    'market_unknown',
    'leverage_invalid',
    'leverage_too_high_for_position',
    'contract_settings_locked',
    'margin_insufficient',
  ],
});
