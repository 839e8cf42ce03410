// Each user's deposit address per chain: the next unused child of the chain's extended public
// key, assigned once and kept, so the same user always sees the same address. Chains of one family
// share the key, so a user has one address for the whole family (their ETH and ERC20 addresses
// are the same), kept as one row under the family's own chain: the table's uniqueness (one row per
// user and chain, one per chain and child, one per address) then holds for the family, however
// requests race.
import { type Db, isUniqueViolation } from '../db/database.ts';
import { type ChainFamily, type ChainId, chainIds, chains } from './addresses/chains.ts';

export type Derive = (chain: ChainId, index: number) => string;

/** The chain a family's new addresses are kept under. */
const familyChain: Record<ChainFamily, ChainId> = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  tron: 'TRC20',
};

/** The chains that share a chain's address format and key (itself included). */
export function familyChains(chain: string): ChainId[] {
  const family = chains[chain as ChainId]?.family;
  return family ? chainIds.filter((id) => chains[id].family === family) : [];
}

export async function depositAddressFor(
  db: Db,
  derive: Derive,
  userId: number,
  chain: ChainId,
): Promise<string> {
  const family = familyChains(chain);
  const home = familyChain[chains[chain].family];
  for (let attempt = 0; attempt < 5; attempt++) {
    // The chain's own row first: addresses assigned per chain before families shared one.
    const kept = await db
      .selectFrom('deposit_addresses')
      .select(['address', 'chain'])
      .where('user_id', '=', userId)
      .where('chain', 'in', family)
      .orderBy('derivation_index')
      .execute();
    const own = kept.find((row) => row.chain === chain) ?? kept[0];
    if (own) return own.address;
    const { last } = await db
      .selectFrom('deposit_addresses')
      .select(({ fn }) => fn.max('derivation_index').as('last'))
      .where('chain', 'in', family)
      .executeTakeFirstOrThrow();
    const index = last === null ? 0 : Number(last) + 1;
    try {
      await db
        .insertInto('deposit_addresses')
        .values({
          user_id: userId,
          chain: home,
          address: derive(chain, index),
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
