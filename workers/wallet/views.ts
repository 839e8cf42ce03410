// The wallet's live views: the deposit page's balance and latest deposits of one asset on one
// chain, and the deposits the `deposits` channel told of, which the deposit list lays over the
// pages it read. Both follow the channel without a reload: "Confirming 1/3", then credited. The
// balances and the withdrawals follow their channels the same way.
import { formatAmount, type Precisions } from '../../core/figures.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import {
  type Deposit,
  depositsSinceAsked,
  type Withdrawal,
} from '../../core/projections/wallet.ts';
import { withLiveDeposits } from '../../core/wallet/live-deposits.ts';
import { defineView } from '../kernel/view.ts';
import { loadRules } from '../spot/loaders.ts';
import { loadDeposits } from './deposit-loader.ts';
import { withPushedBalances } from './live-balances.ts';
import { loadBalances } from './loaders.ts';
import { balancesView, depositRow, withdrawalRow } from './rows.ts';
import type {
  BalancesView,
  Chain,
  DepositActivityView,
  DepositRow,
  WithdrawalRow,
} from './types.ts';

/** Deposits the deposit page shows under its address. */
export const depositPageRows = 5;

// Private frames sent while the socket was down are gone; a new sign-in has its own deposits.
const reloadOn = ['reconnect', 'signIn'] as const;

const rowsOf = (deposits: readonly Deposit[], precisions: Precisions, locale: string) =>
  deposits.map((deposit) => depositRow(deposit, precisions, locale));

export function depositActivity(
  view: ClientView,
  { asset, chain }: { asset: string; chain: Chain },
  locale: string,
): DepositActivityView {
  const { wallet, precisions } = view;
  const listed = wallet.deposits?.page === 1 ? wallet.deposits.list : [];
  const available = availableOf(view.balances, 'funding', asset);
  return {
    availableShown:
      available === null ? null : formatAmount(available, asset, precisions, locale, 'down'),
    rows: rowsOf(
      withLiveDeposits(listed, depositsSinceAsked(wallet))
        .filter((deposit) => deposit.asset === asset && deposit.chain === chain)
        .slice(0, depositPageRows),
      precisions,
      locale,
    ),
    loaded: wallet.deposits !== null,
  };
}

export const depositActivityLiveView = defineView<
  DepositActivityView,
  { asset: string; chain: Chain }
>({
  source: (view) => [
    view.wallet.deposits,
    view.wallet.liveDeposits,
    view.balances,
    view.precisions,
  ],
  load: (_params, context) => {
    void loadDeposits(context, 1);
    void loadBalances(context);
    // Amounts at the asset's precision, which the spot rules tell.
    if (Object.keys(context.view().precisions.assets).length === 0) void loadRules(context);
  },
  reloadOn,
  payload: depositActivity,
});

/**
 * The deposits told of on the channel since the deposits' first page was last asked for, newest
 * first, for the list to lay over the rows it read.
 */
export const depositUpdatesLiveView = defineView<readonly DepositRow[]>({
  source: (view) => [view.wallet.liveDeposits, view.wallet.depositsAskedAt, view.precisions],
  payload: (view, _params, locale) =>
    rowsOf(depositsSinceAsked(view.wallet), view.precisions, locale),
});

/**
 * The balances the asset center, the transfer and the withdraw pages show, as the private
 * `balances` channel keeps them: null until the pages' own request has been answered.
 */
export const liveBalancesView = defineView<BalancesView | null>({
  source: (view) => [view.wallet.balances, view.balances, view.precisions],
  payload: ({ wallet, balances, precisions }, _params, locale) =>
    wallet.balances &&
    balancesView(withPushedBalances(wallet.balances, balances), precisions, locale),
});

/**
 * The withdrawals the `withdrawals` channel told of (approved, rejected, sent, failed), newest
 * first, for the withdraw page to lay over its rows where they are newer.
 */
export const withdrawalUpdatesLiveView = defineView<readonly WithdrawalRow[]>({
  source: (view) => [view.wallet.liveWithdrawals, view.precisions],
  payload: (view, _params, locale) => {
    // The latest copy told of each, newest withdrawal first.
    const latest = new Map<number, Withdrawal>();
    for (const row of view.wallet.liveWithdrawals) if (!latest.has(row.id)) latest.set(row.id, row);
    return [...latest.values()]
      .sort((a, b) => b.id - a.id)
      .map((row) => withdrawalRow(row, view.precisions, locale));
  },
});
