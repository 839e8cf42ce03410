// The ether the hot wallet pays a deposit address to cover a token sweep's gas (a `gas` send) is
// the platform's own money arriving where users' deposits arrive: the watcher must not credit it
// to the address's owner. Every version of a send is stored under its hash before it is broadcast
// (server/chain/evm/send-signing.ts), so a mined gas send is always recognised by its hash.
import type { Db } from '../../db/database.ts';

/** Of these transaction hashes, the ones of the platform's gas sends. */
export async function gasSendHashes(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('chain_send_hashes')
    .innerJoin('chain_sends', 'chain_sends.id', 'chain_send_hashes.send_id')
    .select('chain_send_hashes.tx_hash')
    .where('chain_sends.purpose', '=', 'gas')
    .where(
      'chain_send_hashes.tx_hash',
      'in',
      hashes.map((hash) => hash.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((row) => row.tx_hash.toLowerCase()));
}
