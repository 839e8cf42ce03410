// The second contract in the worker: the stake reviewed with core/option's odds against what the
// worker has folded; a contract placed with one idempotency key per intent, its answer logged so
// the projections have it before the channel speaks; the contract lists as rows; a verification
// rechecked with the rule itself; the daily loss limit, asked for again when a contract settles. The private `options` channel carries the
// user's contracts as they are placed and settled; while one runs, the prints of its opening window
// are read so its opening price can be shown and drawn before it settles.
import type { OptionOrderForm } from '../../core/option/order.machine.ts';
import { availableOf } from '../../core/projections/balances.ts';
import { optionOrder, optionsDataSchema, setOptionLimit } from '../../schemas/api/option.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { canonicalAmount } from '../kernel/intents.ts';
import { mapOutcome, pageOf } from '../kernel/outcome.ts';
import { followLimits } from './limits-follow.ts';
import { listContracts, loadBoard, loadVerification, refreshOption } from './loaders.ts';
import { askOpenings } from './openings.ts';
import { contractRow, optionWallet, review, stakeAsset, verificationView } from './rows.ts';
import type { OptionHandlers } from './types.ts';

/** Rows per page of the contract lists. */
export const optionPageSize = 20;

/** The fields of an order, in canonical form: one intent, one body. */
export function orderFields(symbol: string, form: OptionOrderForm) {
  return {
    symbol,
    direction: form.direction,
    unit: form.unit,
    length: form.length,
    amount: canonicalAmount(form.stake),
  };
}

export function createOptionHandlers(context: DomainContext): OptionHandlers {
  const { call, record, sendOnce } = context;
  const rowOf = (contract: Parameters<typeof contractRow>[0]) =>
    contractRow(contract, context.view().option, context.locale());

  return {
    loadOptionBoard: () => loadBoard(context),
    refreshOption: () => refreshOption(context),
    async reviewOption(form) {
      const view = context.view();
      const available = availableOf(view.balances, optionWallet, stakeAsset);
      return review(form, view.option, available, context.locale());
    },
    async placeOption(symbol, form) {
      const fields = orderFields(symbol, form);
      const outcome = await sendOnce(
        ['option-order', fields],
        (key) => record({ source: 'intent', type: 'option-order', payload: { ...fields, key } }),
        (headers) => call(optionOrder, fields, headers),
      );
      if (outcome.ok) record({ source: 'api', type: 'option-placed', payload: outcome.data });
      return mapOutcome(outcome, rowOf);
    },
    async optionContracts(status, page) {
      const outcome = await listContracts(context, status, page, optionPageSize);
      return mapOutcome(outcome, (data) => pageOf(data, rowOf));
    },
    async verifyOption(id) {
      const outcome = await loadVerification(context, id);
      return mapOutcome(outcome, (answer) => verificationView(answer, context.locale()));
    },
    async setOptionLimit(amount) {
      const fields = { daily_limit: canonicalAmount(amount) };
      record({ source: 'intent', type: 'option-limit-change', payload: fields });
      const outcome = await call(setOptionLimit, fields);
      if (outcome.ok) record({ source: 'api', type: 'option-limits', payload: outcome.data });
      return mapOutcome(outcome, () => null);
    },
  };
}

export const optionDomain = defineDomain({
  handlers: createOptionHandlers,
  signedInChannels: ['options'],
  frames: { options: optionsDataSchema },
  react: (before, after, context) => {
    askOpenings(after, context);
    followLimits(before, after, context);
  },
});
