// The deposit addresses a watcher matches transfers against, kept in memory per database and chain
// family and brought up to date before each batch of blocks, so an address assigned a moment ago is
// watched from the next batch on. Reading every address each batch costs as much as there are
// addresses (100,000 of them took most of the watcher's time); instead only the rows past the
// highest derivation index seen are read. A family's new address takes the family's highest index
// plus one under the table's uniqueness of (chain, index) (server/wallet/deposit-addresses.ts), so
// a higher index is never visible before a lower one; a row written out of that order (imported by
// hand, say) still shows as a count the map does not match, and then the whole family is read again.
// Keyed by the lower-case address, as nodes write them, to the address as it was assigned
// (checksummed). A chain's addresses are its family's: a user's ETH address takes tokens too.
import type { Db } from '../../db/database.ts';
import { familyChains } from '../../wallet/deposit-addresses.ts';

interface FamilyAddresses {
  byAddress: Map<string, string>;
  /** The highest derivation index read so far; -1 before the first read. */
  highestIndex: number;
  /** The refresh in flight, shared by the callers that ask meanwhile (ETH and ERC20 at once). */
  refreshing: Promise<void> | undefined;
}

const kept = new WeakMap<Db, Map<string, FamilyAddresses>>();

/**
 * The family's deposit addresses, up to date with the database as of this call (or of the refresh
 * already under way when it came: the watcher asks for ETH and ERC20 at once, and both get one
 * read). The map is shared and grows in place on later calls: read it, do not change it.
 */
export async function watchedAddresses(
  db: Db,
  chain: string,
): Promise<ReadonlyMap<string, string>> {
  const family = familyChains(chain);
  if (family.length === 0) return new Map();
  const addresses = keptFor(db, family.join(','));
  if (!addresses.refreshing) {
    addresses.refreshing = refresh(db, family, addresses).finally(() => {
      addresses.refreshing = undefined;
    });
  }
  await addresses.refreshing;
  return addresses.byAddress;
}

function keptFor(db: Db, familyKey: string): FamilyAddresses {
  let families = kept.get(db);
  if (!families) {
    families = new Map();
    kept.set(db, families);
  }
  let addresses = families.get(familyKey);
  if (!addresses) {
    addresses = { byAddress: new Map(), highestIndex: -1, refreshing: undefined };
    families.set(familyKey, addresses);
  }
  return addresses;
}

async function refresh(db: Db, family: string[], addresses: FamilyAddresses): Promise<void> {
  const fresh = await db
    .selectFrom('deposit_addresses')
    .select(['address', 'derivation_index'])
    .where('chain', 'in', family)
    .where('derivation_index', '>', addresses.highestIndex)
    .execute();
  add(addresses, fresh);
  const { count } = await db
    .selectFrom('deposit_addresses')
    .select(({ fn }) => fn.countAll<string>().as('count'))
    .where('chain', 'in', family)
    .executeTakeFirstOrThrow();
  if (Number(count) === addresses.byAddress.size) return;
  add(
    addresses,
    await db
      .selectFrom('deposit_addresses')
      .select(['address', 'derivation_index'])
      .where('chain', 'in', family)
      .execute(),
  );
}

function add(
  addresses: FamilyAddresses,
  rows: readonly { address: string; derivation_index: number }[],
): void {
  for (const row of rows) {
    addresses.byAddress.set(row.address.toLowerCase(), row.address);
    if (row.derivation_index > addresses.highestIndex)
      addresses.highestIndex = row.derivation_index;
  }
}
