// Reorganisations of the Ethereum chain. Before each round reads new blocks, the hashes of the
// blocks it kept (server/chain/chain-cursor.ts) are compared with the node's, newest first: the
// newest one still in the node's chain is the common ancestor. Blocks after it were replaced: the
// cursor goes back to it (so the new blocks are read again) and deposits still confirming in a
// replaced block are `dropped` — reading the new chain finds again those that are in it, and puts
// them back to confirming in their new block. A replaced block that held a credited deposit, or a
// reorganisation deeper than the kept hashes, is never absorbed silently: it is an incident for the
// operator (server/chain/incidents.ts), and nothing credited is taken back.
import type { FastifyBaseLogger } from 'fastify';
import { parseAmount } from '../../../core/money.ts';
import type { Db } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { ChainTransaction } from '../../wallet/chain-deposits.ts';
import { keptBlocksOf, type ReadBlock, rollBackCursor } from '../chain-cursor.ts';
import { raiseIncident } from '../incidents.ts';

/** The hash of the node's block at a height (at most its head), as the node answers now. */
export type HashAt = (number: bigint) => Promise<string>;

export interface ReplacedBlock {
  number: bigint;
  /** The hash the watcher read. */
  oldHash: string;
  /** The node's hash now. */
  newHash: string;
}

export type AncestorSearch =
  | { kind: 'unchanged' }
  /** `replaced`: lowest first. */
  | { kind: 'replaced'; ancestor: ReadBlock; replaced: ReplacedBlock[] }
  /** None of the kept blocks is in the node's chain: the fork point is older than they are. */
  | { kind: 'beyond-kept'; replaced: ReplacedBlock[] };

/** Heights asked of the node at once while looking for the ancestor. */
const searchChunk = 16;

/**
 * Finds where the kept blocks (newest first) and the node's chain part. Kept blocks above the
 * node's head are not compared: a node briefly behind is not a reorganisation, and when its chain
 * grows again the block at the cursor tells.
 */
export async function findCommonAncestor(
  kept: readonly ReadBlock[],
  head: bigint,
  hashAt: HashAt,
): Promise<AncestorSearch> {
  const comparable = kept.filter((block) => block.number <= head);
  const replaced: ReplacedBlock[] = [];
  // The newest alone first: almost every round it is the node's, and that one question is all.
  for (let at = 0, size = 1; at < comparable.length; at += size, size = searchChunk) {
    const chunk = comparable.slice(at, at + size);
    const read = await Promise.all(
      chunk.map(async (block) => ({ block, newHash: await hashAt(block.number) })),
    );
    for (const { block, newHash } of read) {
      if (newHash === block.hash) {
        if (replaced.length === 0) return { kind: 'unchanged' };
        return { kind: 'replaced', ancestor: block, replaced: replaced.reverse() };
      }
      replaced.push({ number: block.number, oldHash: block.hash, newHash });
    }
  }
  if (replaced.length === 0) return { kind: 'unchanged' };
  return { kind: 'beyond-kept', replaced: replaced.reverse() };
}

export interface ReorgCheck {
  db: Db;
  log: FastifyBaseLogger;
  /** The cursor's name, which is also the incidents' chain. */
  cursor: string;
  /** The wallet's chains whose deposits the cursor's blocks hold. */
  chains: readonly string[];
  head: bigint;
  hashAt: HashAt;
  /** Told of each deposit dropped, once the drop has committed (its owner's live list). */
  dropped(depositId: number): Promise<void>;
}

/** Looks for a reorganisation and, when there was one, settles it (see the file's comment). */
export async function settleReorganisation(check: ReorgCheck): Promise<void> {
  const { db, log, cursor, chains, head, hashAt } = check;
  const kept = await keptBlocksOf(db, cursor);
  const search = await findCommonAncestor(kept, head, hashAt);
  if (search.kind === 'unchanged') return;
  const lowest = search.replaced[0];
  if (!lowest) throw new Error('a chain reorganisation that replaced no block');
  // Beyond the kept hashes nothing says where the chains part: every kept block is read again.
  const ancestor =
    search.kind === 'replaced'
      ? search.ancestor
      : { number: lowest.number - 1n, hash: await hashAt(lowest.number - 1n) };
  const credited = await db
    .selectFrom('deposits')
    .select(['id', 'user_id', 'chain', 'asset', 'amount', 'txid', 'log_index'])
    .select(['block_number', 'block_hash'])
    .where('chain', 'in', [...chains])
    .where('status', '=', 'credited')
    .where('block_number', '>', ancestor.number.toString())
    .orderBy('id')
    .execute();
  if (credited.length > 0 || search.kind === 'beyond-kept') {
    // Raised before the cursor moves back: once it has, nothing would show this again.
    await raiseIncident(db, log, {
      chain: cursor,
      kind: 'deep_reorg',
      key: `${search.kind === 'beyond-kept' ? 'beyond:' : ''}${lowest.number}:${lowest.oldHash}`,
      blockNumber: lowest.number,
      details: {
        reason:
          search.kind === 'beyond-kept'
            ? 'none of the kept block hashes is in the chain any more'
            : 'a replaced block held credited deposits',
        ancestor: { number: ancestor.number.toString(), hash: ancestor.hash },
        replaced: search.replaced.map((block) => ({
          number: block.number.toString(),
          old_hash: block.oldHash,
          new_hash: block.newHash,
        })),
        deposits: credited.map((deposit) => ({
          ...deposit,
          block_number: deposit.block_number?.toString() ?? null,
        })),
      },
    });
  }
  const dropped = await transact(db, async (trx) => {
    await rollBackCursor(trx, cursor, ancestor);
    return trx
      .updateTable('deposits')
      .set({ status: 'dropped', confirmations: 0 })
      .where('chain', 'in', [...chains])
      .where('status', '=', 'confirming')
      .where('block_number', '>', ancestor.number.toString())
      .returning('id')
      .execute();
  });
  for (const row of dropped) await check.dropped(row.id);
  log.warn(
    {
      chain: cursor,
      ancestor: ancestor.number.toString(),
      depth: search.replaced.length,
      dropped: dropped.length,
      credited: credited.length,
    },
    'chain reorganisation: reading again from the common ancestor',
  );
}

/**
 * Token transfers a deep reorganisation moved to another position in their block: a log index is
 * counted across the block, so the transfer comes back under an index not recorded, while the same
 * transaction's transfer of that amount to that address is recorded credited from another block.
 * They are not deposits again; the incident already names the credited one.
 */
export async function movedCreditedTransfers(
  db: Db,
  found: readonly ChainTransaction[],
): Promise<Set<ChainTransaction>> {
  const tokens = found.filter((tx) => tx.logIndex !== undefined);
  if (tokens.length === 0) return new Set();
  const recorded = await db
    .selectFrom('deposits')
    .select(['chain', 'txid', 'log_index', 'address', 'amount', 'status', 'block_hash'])
    .where(
      'txid',
      'in',
      tokens.map((tx) => tx.txid),
    )
    .execute();
  const moved = new Set<ChainTransaction>();
  for (const tx of tokens) {
    const same = recorded.filter((row) => row.chain === tx.chain && row.txid === tx.txid);
    if (same.some((row) => row.log_index === tx.logIndex)) continue;
    const creditedElsewhere = same.some(
      (row) =>
        row.status === 'credited' &&
        row.block_hash !== null &&
        row.block_hash !== tx.blockHash &&
        row.address.toLowerCase() === tx.address.toLowerCase() &&
        parseAmount(row.amount) === parseAmount(tx.amount),
    );
    if (creditedElsewhere) moved.add(tx);
  }
  return moved;
}
