// The pre-sale subscriptions in the worker: pages of the projects and of the user's records as
// rows, a commitment checked and estimated with core/subscription against what the worker has
// folded, sent with one idempotency key per intent and its answer logged so the projections have
// it at once (a refusal shown on the form, its times written for the locale); and a published
// allocation recomputed here with the rule itself. The private `subscription-updates` channel tells
// of a distribution, so an open page shows the tokens credited without a reload.
import { availableOf } from '../../core/projections/balances.ts';
import { projectOf, recordOf } from '../../core/projections/subscription.ts';
import { subscriptionBuy } from '../../schemas/api/subscription.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { canonicalAmount } from '../kernel/intents.ts';
import { mapOutcome, pageOf } from '../kernel/outcome.ts';
import { fundingWallet, paymentAsset } from '../product-kit/payment.ts';
import {
  findProject,
  loadAllocation,
  loadProjects,
  loadRecords,
  refreshProject,
} from './loaders.ts';
import { localTimes } from './refusal-times.ts';
import { allocationView, committedSoFar, projectRow, recordRow, review } from './rows.ts';
import type { SubscriptionHandlers } from './types.ts';

/** Rows per page of the project and record lists. */
export const subscriptionPageSize = 20;

export function createSubscriptionHandlers(context: DomainContext): SubscriptionHandlers {
  const { call, record, sendOnce } = context;
  return {
    async subscriptionProjects(page) {
      const outcome = await loadProjects(context, page, subscriptionPageSize);
      return mapOutcome(outcome, (data) =>
        pageOf(data, (project) => projectRow(project, context.locale())),
      );
    },
    refreshSubscription: (id) => refreshProject(context, id),
    async reviewSubscription(id, amount) {
      const view = context.view();
      const { subscription } = view;
      const committed = committedSoFar(recordOf(subscription, id), subscription.recordsKnown);
      const available = availableOf(view.balances, fundingWallet, paymentAsset);
      return review(projectOf(subscription, id), committed, available, amount, context.locale());
    },
    async commitSubscription(id, amount) {
      const fields = { project_id: id, amount: canonicalAmount(amount) };
      const outcome = await sendOnce(
        ['subscription-commit', fields],
        (key) =>
          record({ source: 'intent', type: 'subscription-commit', payload: { ...fields, key } }),
        // The form shows a refusal beside its field, with its times in the user's locale.
        (headers) => call(subscriptionBuy, fields, headers, { toastRefusal: false }),
      );
      if (outcome.ok) {
        record({ source: 'api', type: 'subscription-committed', payload: outcome.data });
        // Everyone's commitment moved: the project's progress and the estimate with it.
        void findProject(context, id);
      }
      if (!outcome.ok && outcome.failure.kind === 'business') {
        const msg = localTimes(outcome.failure.msg, context.locale());
        return { ok: false, failure: { ...outcome.failure, msg } };
      }
      return mapOutcome(outcome, (data) => recordRow(data, context.locale()));
    },
    async subscriptionRecords(page) {
      const outcome = await loadRecords(context, page, subscriptionPageSize);
      return mapOutcome(outcome, (data) =>
        pageOf(data, (item) => recordRow(item, context.locale())),
      );
    },
    async subscriptionAllocation(projectId) {
      const outcome = await loadAllocation(context, projectId);
      return mapOutcome(outcome, (answer) => allocationView(answer, context.locale()));
    },
  };
}

export const subscriptionDomain = defineDomain({
  handlers: createSubscriptionHandlers,
  signedInChannels: ['subscription-updates'],
  frames: { 'subscription-updates': channelData['subscription-updates'] },
});
