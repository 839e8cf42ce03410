// The deposit addresses a watcher matches transfers against, read from the database each round so
// an address assigned a moment ago is watched from the next round on. Keyed by the lower-case
// address, as nodes write them, to the address as it was assigned (checksummed). A chain's
// addresses are its family's: a user's ETH address takes tokens too.
import type { Db } from '../../db/database.ts';
import { familyChains } from '../../wallet/deposit-addresses.ts';

export async function watchedAddresses(db: Db, chain: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('deposit_addresses')
    .select('address')
    .where('chain', 'in', familyChains(chain))
    .execute();
  return new Map(rows.map((row) => [row.address.toLowerCase(), row.address]));
}
