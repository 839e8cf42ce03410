// A user's `/wallet/records` as a test reads them: every page of one type (or all), each entry cut
// down to what it says to the user (type, label, wallet, asset, signed amount), so a test can name
// the movements it caused and the entries they must have become.
import type { z } from 'zod';
import type { recordSchema } from '../../schemas/api/wallet.schema.ts';
import type { ApiClient } from './api-client.ts';
import { expectOk } from './expectations.ts';

export type RecordEntry = z.output<typeof recordSchema>;

/** Every entry of the user's records, newest first, reading page after page. */
export async function allRecords(
  client: ApiClient,
  token: string,
  type?: RecordEntry['type'],
): Promise<RecordEntry[]> {
  const entries: RecordEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.get<{ list: RecordEntry[]; total: number }>(
      '/wallet/records',
      { ...(type ? { type } : {}), page: String(page), size: '100' },
      { token },
    );
    expectOk(answer);
    entries.push(...answer.body.data.list);
    if (answer.body.data.list.length === 0 || page * 100 >= answer.body.data.total) return entries;
  }
}

/** What an entry says to the user: `label wallet asset amount` (with `→ to` for a transfer). */
export const said = (entry: RecordEntry): string =>
  [
    entry.type,
    entry.label,
    entry.to_wallet ? `${entry.wallet}→${entry.to_wallet}` : entry.wallet,
    entry.asset,
    entry.amount,
  ].join(' ');
