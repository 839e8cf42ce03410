// A refusal's times as the user's locale writes them. The server names a pre-sale's window in its
// refusal (`subscription_not_open`: "from {start} to {end}") as ISO times, which read as
// `2026-11-29T12:00:00.000Z` on a phone; every time the pages show is written by the worker for the
// locale, and so is this one before the form shows it.
import { formatTimestamp } from '../kernel/time-format.ts';

const isoTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

export function localTimes(message: string, locale: string): string {
  return message.replace(isoTime, (iso) => formatTimestamp(iso, locale, 'dated'));
}
