// Events of the second contract: what is offered (`/option/products`, and the durations of
// `/market/second`, whose tickers are logged as the market lists' `markets`), the user's contracts
// (pages of `/option/orders`, the answer of a placed order, the private `options` frames), the
// recorded index prints read to learn an open contract's opening price (`/market/prints`), a
// contract's verification (`/option/verify`) and the daily loss limit (`/option/limits`).
import { z } from 'zod/mini';
import { secondMarkets } from '../../schemas/api/market.schema.ts';
import {
  durationUnitSchema,
  optionContractSchema,
  optionDirectionSchema,
  optionLimits,
  optionProducts,
  optionVerify,
} from '../../schemas/api/option.schema.ts';
import { indexPrintSchema } from '../../schemas/api/prints.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { pagedSchema } from '../../schemas/primitives.ts';
import { event, privateFrame } from '../event.ts';

export const optionListSchema = z.enum(['current', 'history']);
export type OptionList = z.infer<typeof optionListSchema>;

const listQuery = { status: optionListSchema, page: z.int(), size: z.int() };
const window = { symbol: z.string(), from: z.int(), to: z.int() };

export const optionEvents = [
  event('intent', 'option-products-requested', z.null()),
  event('api', 'option-products', optionProducts.response),
  event('api', 'option-durations', z.object({ list: secondMarkets.response.shape.durations })),
  event('intent', 'option-contracts-requested', z.object(listQuery)),
  event(
    'api',
    'option-contracts',
    z.object({ ...listQuery, answer: pagedSchema(optionContractSchema) }),
  ),
  event(
    'intent',
    'option-order',
    z.object({
      symbol: z.string(),
      direction: optionDirectionSchema,
      unit: durationUnitSchema,
      length: z.int(),
      amount: z.string(),
      key: z.string(),
    }),
  ),
  event('api', 'option-placed', optionContractSchema),
  // The prints of an open contract's opening window: its opening price is the rule's print there.
  event('intent', 'option-prints-requested', z.object(window)),
  event('api', 'option-prints', z.object({ ...window, prints: z.array(indexPrintSchema) })),
  event('intent', 'option-verify-requested', z.object({ id: z.int() })),
  event('api', 'option-verification', optionVerify.response),
  event('intent', 'option-limits-requested', z.null()),
  event('intent', 'option-limit-change', z.object({ daily_limit: z.string() })),
  event('api', 'option-limits', optionLimits.response),
  event('socket', 'options', privateFrame(channelData.options)),
] as const;
