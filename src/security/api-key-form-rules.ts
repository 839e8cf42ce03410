// What the API key form holds before it is sent (schemas/api/api-keys.schema.ts `createApiKey`),
// written as plain checks so that the page does not load the schema library for them. Whether an
// allowlist entry is an address or a block is the server's to judge (server/security/ip-blocks.ts,
// `ip_allowlist_invalid`); here only what can never be one is caught before sending.

/** Every key may read; the form keeps it on (as Binance does) and adds the trading scopes. */
export const alwaysOnScope = 'read';

/** The longest label the server takes. */
export const labelMax = 64;
/** The most entries an allowlist holds (schemas/api/api-keys.schema.ts `ipAllowlistMax`). */
export const allowlistMax = 30;
/** The longest entry the server reads. */
const entryMax = 60;

/**
 * The allowlist as typed, one entry a line or comma-separated (spaces between them are forgiven),
 * as the list the server takes: blanks dropped, each entry once, in the order typed.
 */
export function parseAllowlist(text: string): string[] {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return [...new Set(entries)];
}

export type AllowlistProblem = 'tooMany' | 'invalid';

/**
 * What is wrong with the allowlist's entries before the server sees them: more than it holds, or
 * an entry with a character no IPv4 or IPv6 address or CIDR block has. Null when none is.
 */
export function allowlistProblem(entries: readonly string[]): AllowlistProblem | null {
  if (entries.length > allowlistMax) return 'tooMany';
  const unfit = (entry: string) => entry.length > entryMax || !/^[0-9A-Fa-f.:/]+$/.test(entry);
  return entries.some(unfit) ? 'invalid' : null;
}

export type LabelProblem = 'required' | 'tooLong';

/** What is wrong with the label, as the server would trim and read it; null when nothing is. */
export function labelProblem(label: string): LabelProblem | null {
  const trimmed = label.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > labelMax ? 'tooLong' : null;
}

/** The scopes to send: of those offered, the one always on and those ticked, in their order. */
export function chosenScopes(offered: readonly string[], ticked: ReadonlySet<string>): string[] {
  return offered.filter((scope) => scope === alwaysOnScope || ticked.has(scope));
}
