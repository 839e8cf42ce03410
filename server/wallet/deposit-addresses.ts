// Each user's deposit address per chain: the next unused child of the chain's extended public
// key, assigned once and kept, so the same user always sees the same address. Chains of one family
// share the key, so they share the numbering too: a user's ETH and ERC20 addresses are the same
// address (one child), and no child is ever handed to two users.
import { type Db, isUniqueViolation } from '../db/database.ts';
import { type ChainId, chainIds, chains } from './addresses/chains.ts';

/** The chains that share a chain's address format and key (itself included). */
export function familyChains(chain: string): ChainId[] {
  const family = chains[chain as ChainId]?.family;
  return family ? chainIds.filter((id) => chains[id].family === family) : [];
}

export type Derive = (chain: ChainId, index: number) => string;

export async function depositAddressFor(
  db: Db,
  derive: Derive,
  userId: number,
  chain: ChainId,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const kept = await db
      .selectFrom('deposit_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .where('chain', '=', chain)
      .executeTakeFirst();
    if (kept) return kept.address;
    // The user's address on a sibling chain is theirs here too; else the family's next child.
    const sibling = await db
      .selectFrom('deposit_addresses')
      .select(['address', 'derivation_index'])
      .where('user_id', '=', userId)
      .where('chain', 'in', familyChains(chain))
      .orderBy('derivation_index')
      .executeTakeFirst();
    const { last } = await db
      .selectFrom('deposit_addresses')
      .select(({ fn }) => fn.max('derivation_index').as('last'))
      .where('chain', 'in', familyChains(chain))
      .executeTakeFirstOrThrow();
    const index = sibling ? sibling.derivation_index : last === null ? 0 : Number(last) + 1;
    try {
      await db
        .insertInto('deposit_addresses')
        .values({
          user_id: userId,
          chain,
          address: sibling?.address ?? derive(chain, index),
          derivation_index: index,
        })
        .execute();
    } catch (error) {
      // Another request took this index (or assigned this user's address) first: look again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`no deposit address could be assigned on ${chain}`);
}

/**
 * The user a deposit address belongs to: an address of any chain of the family, so a token paid
 * to a user's ETH address is theirs even before they asked for their ERC20 address.
 */
export async function ownerOfAddress(db: Db, chain: string, address: string) {
  const family = familyChains(chain);
  if (family.length === 0) return undefined;
  return db
    .selectFrom('deposit_addresses')
    .select('user_id')
    .where('chain', 'in', family)
    .where('address', '=', address)
    .executeTakeFirst();
}
