// Whether the second contract takes new orders here, and if not, why. An up/down contract is a bet
// on the next prints: on a feed whose next print anyone can compute from public data (a seeded
// simulation, a replay) every outcome is known before the order is sent, so the product stays
// closed there unless OPTION_PREDICTABLE_FEED says otherwise (docs/options.md). Contracts already
// open settle either way.
import type { ErrorName } from '../../schemas/errors.ts';
import type { OptionSettings } from './option-settings.ts';

/** Why no new contract opens: the product line is off, or the feed is predictable. */
export type OptionClosure = 'trading_off' | 'predictable_feed';

/** The refusal an order meets while the product is closed for that reason. */
export const closureErrors: Record<OptionClosure, ErrorName> = {
  trading_off: 'option_trading_off',
  predictable_feed: 'option_feed_predictable',
};

/** Null when orders are taken; else why not. */
export function optionClosure(
  settings: Pick<OptionSettings, 'enabled' | 'openOnPredictableFeed'>,
  feedPredictable: boolean,
): OptionClosure | null {
  if (!settings.enabled) return 'trading_off';
  if (feedPredictable && !settings.openOnPredictableFeed) return 'predictable_feed';
  return null;
}

/** The warning every start logs while OPTION_PREDICTABLE_FEED is on. */
export const predictableFeedAllowedWarning =
  'OPTION_PREDICTABLE_FEED is on: second contracts open even on a predictable price feed, where outcomes can be known in advance (tests only)';
/** The warning every start logs while a predictable feed keeps the second contract closed. */
export const predictableFeedClosedWarning =
  'second contracts are closed: the price feed is predictable (a seeded simulation or a replay)';

/** Says at start what the gate decided, when an operator must know it (every node, engines or not). */
export function logOptionGate(
  log: { warn(details: object, message: string): void },
  settings: Pick<OptionSettings, 'enabled' | 'openOnPredictableFeed'>,
  predictableFeeds: readonly string[],
): void {
  if (settings.enabled && settings.openOnPredictableFeed) {
    log.warn({ predictableFeeds }, predictableFeedAllowedWarning);
  }
  if (optionClosure(settings, predictableFeeds.length > 0) === 'predictable_feed') {
    log.warn({ predictableFeeds }, predictableFeedClosedWarning);
  }
}
