// The second contract's live views, formatted in the worker for the current locale: the durations
// with their published rates (above the market list, whose rows are the market view's) and a
// market's trade page (its
// price, what is offered, the second-contract wallet, the user's open and just-settled contracts
// with their opening prints, the user's record and daily loss limit).

import { formatMarketPrice } from '../../core/figures.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { openContracts } from '../../core/projections/option-contracts.ts';
import { channelName } from '../../schemas/channels.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { defineView, liveEveryMs } from '../kernel/view.ts';
import { usdt } from '../product-kit/usdt.ts';
import { refreshOption } from './loaders.ts';
import { contractRow, durationGroups, optionWallet, recordView, stakeAsset } from './rows.ts';
import type { OptionLimitsView, OptionRatesView, OptionTradeView, ShownAmount } from './types.ts';

const shownAmount = (value: string, locale: string): ShownAmount => ({
  exact: value,
  shown: usdt(value, locale),
});

/** The durations offered with their published rates, above the market list. */
export const optionRatesLiveView = defineView<OptionRatesView>({
  source: (view) => view.option.durations,
  payload: (view, _params, locale) => ({
    durations: durationGroups(
      view.option.durations.map(({ unit, value, payout_rate }) => ({
        unit,
        length: value,
        payout_rate,
      })),
      locale,
    ),
  }),
});

function limitsView(view: ClientView, locale: string): OptionLimitsView | null {
  const limits = view.option.limits;
  if (!limits) return null;
  return {
    daily: shownAmount(limits.daily_limit, locale),
    max: shownAmount(limits.max_limit, locale),
    lostToday: usdt(limits.lost_today, locale),
    pending: limits.pending
      ? {
          daily: usdt(limits.pending.daily_limit, locale),
          from: formatTimestamp(limits.pending.from, locale, 'dated'),
        }
      : null,
  };
}

export function tradeView(view: ClientView, symbol: string, locale: string): OptionTradeView {
  const { option } = view;
  const ticker = view.tickers[symbol];
  const offer = option.offer;
  const available = availableOf(view.balances, optionWallet, stakeAsset);
  const open = openContracts(option.contracts);
  const contracts = [...open, ...option.contracts.finished.toReversed()].map((contract) =>
    contractRow(contract, option, locale),
  );
  return {
    symbol,
    base: symbol.replace(/USDT$/, ''),
    last: formatMarketPrice(ticker?.last ?? null, symbol, view.precisions, locale),
    trend: ticker?.trend ?? 0,
    stale: ticker?.stale ?? false,
    simulated: ticker?.feed === 'simulated',
    loggedIn: view.session.loggedIn,
    offer: offer
      ? {
          enabled: offer.enabled,
          closedReason: offer.enabled ? null : (offer.closed_reason ?? 'trading_off'),
          offered: offer.markets.includes(symbol),
          minStake: shownAmount(offer.min_stake, locale),
          maxStake: shownAmount(offer.max_stake, locale),
          openLimit: offer.open_limit,
        }
      : null,
    durations: durationGroups(offer?.products ?? [], locale),
    available: available === null ? null : shownAmount(available, locale),
    contracts,
    openCount: open.length,
    record: recordView(view.optionRecords.recent, locale),
    limits: limitsView(view, locale),
  };
}

export const optionTradeLiveView = defineView<OptionTradeView, { symbol: string }>({
  everyMs: liveEveryMs,
  source: (view, { symbol }) => [
    view.option,
    view.optionRecords.recent,
    view.balances,
    view.tickers[symbol],
    view.precisions.markets[symbol],
    view.session,
  ],
  // The page shows its market's price; the user's contracts come on the private `options`, held
  // while signed in (handlers.ts), and the wallet on `balances`.
  channels: ({ symbol }) => [channelName.ticker(symbol)],
  load: (_params, context) => void refreshOption(context),
  // Private frames sent while the socket was down are gone; a new sign-in has its own contracts.
  reloadOn: ['reconnect', 'signIn'],
  payload: (view, { symbol }, locale) => tradeView(view, symbol, locale),
});
