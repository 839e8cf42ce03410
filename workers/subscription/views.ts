// The subscription buy page's live view, formatted in the worker for the current locale: the
// project with its progress, the funding wallet, the user's commitment so far, the room the cap
// leaves them and what their commitment would get if the pre-sale ended now.

import { parseAmount } from '../../core/money.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { projectOf, recordOf } from '../../core/projections/subscription.ts';
import { estimateCommitment } from '../../core/subscription/commitment.ts';
import { defineView } from '../kernel/view.ts';
import { fundingWallet, paymentAsset } from '../product-kit/payment.ts';
import { type ShownAmount, usdt } from '../product-kit/usdt.ts';
import { refreshProject } from './loaders.ts';
import { committedSoFar, estimateRow, projectRow, recordRow, roomLeft } from './rows.ts';
import type { SubscriptionBuyView } from './types.ts';

const shown = (value: string | null, locale: string): ShownAmount | null =>
  value === null ? null : { exact: value, shown: usdt(value, locale) };

export function buyView(view: ClientView, id: number, locale: string): SubscriptionBuyView {
  const { subscription } = view;
  const project = projectOf(subscription, id);
  const loggedIn = view.session.loggedIn;
  const record = loggedIn ? recordOf(subscription, id) : null;
  const committed = loggedIn ? committedSoFar(record, subscription.recordsKnown) : null;
  const mine = committed === null ? null : parseAmount(committed);
  const estimate =
    project && mine !== null && mine > 0n ? estimateCommitment(project, mine, 0n) : null;
  return {
    loggedIn,
    project: project && projectRow(project, locale),
    missing: project === null && subscription.listedAll,
    open: project?.stage === 'presale',
    available: shown(availableOf(view.balances, fundingWallet, paymentAsset), locale),
    committed: shown(committed, locale),
    room: project ? shown(roomLeft(project, committed), locale) : null,
    estimate: estimate && estimateRow(estimate, locale),
    record: record && recordRow(record, locale),
  };
}

export const subscriptionBuyLiveView = defineView<SubscriptionBuyView, { id: number }>({
  source: (view) => [view.subscription, view.balances, view.session],
  load: ({ id }, context) => void refreshProject(context, id),
  // Balance frames sent while the socket was down are gone; a new sign-in has its own records.
  reloadOn: ['reconnect', 'signIn'],
  payload: (view, { id }, locale) => buyView(view, id, locale),
});
