// A notification as its page shows it: the figures its words name, formatted for the user's
// locale by what each is (an `amount` or what was `earned` of its `asset` and a `stake` or `payout` of USDT at their
// asset's decimals, with every further decimal the ledger moved; a `price` or `quantity` at the
// scale it was written with), and its time. A figure of another name is shown as it is.
import { formatAtScale, formatSettledAmount, type Precisions } from '../../core/figures.ts';
import type { Notification } from '../../schemas/api/notifications.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { NotificationRow } from './types.ts';

/** What the products settle in: a stake or a payout names no asset of its own. */
const quoteAsset = 'USDT';

const decimal = /^-?\d+(\.\d+)?$/;

function figuresOf(params: Notification['params'], precisions: Precisions, locale: string) {
  const asset = typeof params.asset === 'string' ? params.asset : quoteAsset;
  const figures: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = value === null || value === undefined ? '' : String(value);
    if (!decimal.test(text) || name === 'id') figures[name] = text;
    else if (name === 'amount' || name === 'earned')
      figures[name] = formatSettledAmount(text, asset, precisions, locale);
    else if (name === 'stake' || name === 'payout') {
      figures[name] = formatSettledAmount(text, quoteAsset, precisions, locale);
    } else figures[name] = formatAtScale(text, undefined, locale);
  }
  return figures;
}

export function notificationRow(
  row: Notification,
  precisions: Precisions,
  locale: string,
): NotificationRow {
  return {
    id: row.id,
    kind: row.kind,
    figures: figuresOf(row.params, precisions, locale),
    time: formatTimestamp(row.created_at, locale, 'dated'),
    unread: row.read_at === null,
  };
}
