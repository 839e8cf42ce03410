// A notification as its page shows it: the figures its words name, formatted for the user's
// locale (amounts at their asset's decimals, every further decimal the ledger moved kept), and
// its time.
import { formatSettledAmount, type Precisions } from '../../core/figures.ts';
import type { Notification } from '../../schemas/api/notifications.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { NotificationRow } from './types.ts';

function figuresOf(row: Notification, precisions: Precisions, locale: string) {
  switch (row.kind) {
    case 'deposit_credited':
    case 'withdrawal_approved':
    case 'withdrawal_sent':
    case 'withdrawal_failed':
    case 'withdrawal_rejected': {
      const { asset, amount } = row.params;
      return { asset, amount: formatSettledAmount(amount, asset, precisions, locale) };
    }
    case 'verification_approved':
    case 'verification_rejected':
      return {};
  }
}

export function notificationRow(
  row: Notification,
  precisions: Precisions,
  locale: string,
): NotificationRow {
  return {
    id: row.id,
    kind: row.kind,
    figures: figuresOf(row, precisions, locale),
    time: formatTimestamp(row.created_at, locale, 'dated'),
    unread: row.read_at === null,
  };
}
