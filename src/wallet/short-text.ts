// Long chain texts (transaction ids, addresses, references) shortened for a phone-wide row.

/** The text with its middle left out: both ends are what people compare. */
export function shorten(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
