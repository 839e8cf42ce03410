// Proof of reserves, the liabilities side (docs/wallet.md § "Proof of reserves"): a Merkle sum
// tree of every user's net balance per asset, as Binance and OKX publish it. Each leaf commits to a
// salted user id and its balances; each inner node to its children's hashes and per-asset sums, so
// the root's totals are the sum of every leaf and a user holding their own proof can check that
// their balance is counted in them. Balances and sums are unsigned in the encoding
// (proof-encoding.ts), so a negative balance cannot lower a total unseen.
//
// Levels are kept as flat byte arrays (hashes, and sums in their encoded form) rather than node
// objects: a million users take about 200 MB, and hashing an inner node reads its input in place.
import {
  addAmounts,
  amountBytes,
  decodeAmounts,
  encodeAmounts,
  fromHex,
  hashBytes,
  innerHash,
  leafHash,
  maxAmount,
  saltedIdHash,
  toHex,
  writeAmount,
} from './proof-encoding.ts';

/** One user's net liabilities: what the exchange owes them per asset, in atoms (core/money.ts). */
export interface LiabilityEntry {
  userId: string;
  /** A secret of the user's (128 random bits or more), so their leaf names no one. */
  salt: string;
  /** Per asset of the tree; an asset left out is zero. */
  balances: Readonly<Record<string, bigint>>;
}

interface Level {
  count: number;
  /** `count` hashes of 32 bytes. */
  hashes: Uint8Array;
  /** `count` vectors of one 16-byte amount per asset, in the tree's asset order. */
  sums: Uint8Array;
}

export interface ReservesTree {
  /** The fixed asset order every sum vector follows. */
  assets: readonly string[];
  entries: readonly LiabilityEntry[];
  /** Leaves first, the root's level last. */
  levels: readonly Level[];
}

/** What the exchange publishes: the root's hash and the totals it commits to. */
export interface ReservesRoot {
  assets: readonly string[];
  /** Hex of the root node's hash. */
  hash: string;
  /** Per asset, in `assets` order. */
  totals: readonly bigint[];
  users: number;
}

/** A sibling on the way up: its hash, its sums, and on which side of the path it sits. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  sums: readonly bigint[];
}

/** What a user is given: their own leaf and the siblings from it to the root. */
export interface ReservesProof {
  assets: readonly string[];
  userId: string;
  salt: string;
  balances: readonly bigint[];
  path: readonly ProofStep[];
}

/** Level 0 is the leaf, level i + 1 the node made with `path[i]`, the last level the root. */
export type ProofCheck = { ok: true } | { ok: false; level: number; reason: string };

/** A list of liabilities that cannot make a tree; names the entry at fault. */
export class ReservesInputError extends Error {
  override name = 'ReservesInputError';
}

export function buildReservesTree(
  assets: readonly string[],
  entries: readonly LiabilityEntry[],
): ReservesTree {
  if (assets.length === 0) throw new ReservesInputError('the tree needs at least one asset');
  if (new Set(assets).size !== assets.length) throw new ReservesInputError('an asset is repeated');
  if (entries.length === 0) throw new ReservesInputError('the tree needs at least one user');
  const levels = [leafLevel(assets, entries)];
  for (let level = levels[0]; level && level.count > 1; ) {
    level = parentLevel(level, assets.length);
    levels.push(level);
  }
  return { assets: [...assets], entries, levels };
}

function leafLevel(assets: readonly string[], entries: readonly LiabilityEntry[]): Level {
  const width = assets.length * amountBytes;
  const position = new Map(assets.map((asset, k) => [asset, k]));
  const hashes = new Uint8Array(entries.length * hashBytes);
  const sums = new Uint8Array(entries.length * width);
  const view = new DataView(sums.buffer);
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    if (typeof entry.userId !== 'string' || entry.userId === '')
      throw new ReservesInputError(`entry ${i} has no user id`);
    if (seen.has(entry.userId))
      throw new ReservesInputError(`user ${entry.userId} appears more than once`);
    seen.add(entry.userId);
    if (typeof entry.salt !== 'string' || entry.salt === '')
      throw new ReservesInputError(`user ${entry.userId} has no salt`);
    for (const [asset, amount] of Object.entries(entry.balances)) {
      const k = position.get(asset);
      if (k === undefined)
        throw new ReservesInputError(`user ${entry.userId} holds ${asset}, not in the tree`);
      if (typeof amount !== 'bigint' || amount < 0n || amount > maxAmount)
        throw new ReservesInputError(
          `user ${entry.userId}'s ${asset} balance must be 0 to 2^128 - 1 atoms`,
        );
      writeAmount(view, i * width + k * amountBytes, amount);
    }
    const balances = sums.subarray(i * width, (i + 1) * width);
    hashes.set(leafHash(saltedIdHash(entry.userId, entry.salt), balances), i * hashBytes);
  });
  return { count: entries.length, hashes, sums };
}

/** Pairs the level's nodes; an odd one out is carried up unchanged (no sibling, no padding). */
function parentLevel(children: Level, assetCount: number): Level {
  const width = assetCount * amountBytes;
  const count = Math.ceil(children.count / 2);
  const hashes = new Uint8Array(count * hashBytes);
  const sums = new Uint8Array(count * width);
  const pairs = Math.floor(children.count / 2);
  for (let i = 0; i < pairs; i++) {
    const left = 2 * i;
    const right = left + 1;
    if (
      !addAmounts(
        children.sums,
        left * width,
        children.sums,
        right * width,
        sums,
        i * width,
        assetCount,
      )
    )
      throw new ReservesInputError('a sum of balances exceeds 2^128 - 1 atoms');
    const hash = innerHash(
      children.hashes.subarray(left * hashBytes, right * hashBytes),
      children.sums.subarray(left * width, right * width),
      children.hashes.subarray(right * hashBytes, (right + 1) * hashBytes),
      children.sums.subarray(right * width, (right + 1) * width),
    );
    hashes.set(hash, i * hashBytes);
  }
  if (count > pairs) {
    const last = children.count - 1;
    hashes.set(children.hashes.subarray(last * hashBytes), pairs * hashBytes);
    sums.set(children.sums.subarray(last * width), pairs * width);
  }
  return { count, hashes, sums };
}

export function reservesRoot(tree: ReservesTree): ReservesRoot {
  const top = tree.levels[tree.levels.length - 1] as Level;
  return {
    assets: tree.assets,
    hash: toHex(top.hashes),
    totals: decodeAmounts(top.sums, 0, tree.assets.length),
    users: tree.entries.length,
  };
}

/** The proof of the user at `index` of the entries the tree was built from. */
export function proofAt(tree: ReservesTree, index: number): ReservesProof {
  const entry = tree.entries[index];
  if (!entry) throw new RangeError(`no user at ${index}`);
  const assetCount = tree.assets.length;
  const width = assetCount * amountBytes;
  const path: ProofStep[] = [];
  let at = index;
  for (const level of tree.levels.slice(0, -1)) {
    const sibling = at ^ 1;
    if (sibling < level.count)
      path.push({
        side: sibling < at ? 'left' : 'right',
        hash: toHex(level.hashes.subarray(sibling * hashBytes, (sibling + 1) * hashBytes)),
        sums: decodeAmounts(level.sums, sibling * width, assetCount),
      });
    at >>= 1;
  }
  const leaves = tree.levels[0] as Level;
  return {
    assets: tree.assets,
    userId: entry.userId,
    salt: entry.salt,
    balances: decodeAmounts(leaves.sums, index * width, assetCount),
    path,
  };
}

/** The proof of `userId`, or null when the tree has no such user. */
export function proofFor(tree: ReservesTree, userId: string): ReservesProof | null {
  const index = tree.entries.findIndex((entry) => entry.userId === userId);
  return index < 0 ? null : proofAt(tree, index);
}

function inRange(amounts: readonly bigint[], count: number): boolean {
  return (
    amounts.length === count &&
    amounts.every((amount) => typeof amount === 'bigint' && amount >= 0n && amount <= maxAmount)
  );
}

/**
 * Recomputes the path from the user's leaf to the root: every sum must be non-negative and fit the
 * encoding at every node, and the last hash and sums must be the published root's.
 */
export function verifyProof(proof: ReservesProof, root: ReservesRoot): ProofCheck {
  const fail = (level: number, reason: string): ProofCheck => ({ ok: false, level, reason });
  const count = root.assets.length;
  if (proof.assets.length !== count || proof.assets.some((asset, k) => asset !== root.assets[k]))
    return fail(0, "the proof's assets are not the root's, in the root's order");
  if (!inRange(proof.balances, count))
    return fail(0, 'a balance of the leaf is negative, too large or missing');
  if (typeof proof.userId !== 'string' || typeof proof.salt !== 'string')
    return fail(0, 'the leaf has no user id or salt');
  let sums = [...proof.balances];
  let hash = leafHash(saltedIdHash(proof.userId, proof.salt), encodeAmounts(sums));
  for (const [i, step] of proof.path.entries()) {
    const level = i + 1;
    const siblingHash = typeof step.hash === 'string' ? fromHex(step.hash, hashBytes) : null;
    if (!siblingHash) return fail(level, "the sibling's hash is not 32 bytes of hex");
    if (step.side !== 'left' && step.side !== 'right')
      return fail(level, "the sibling's side is neither left nor right");
    if (!inRange(step.sums, count))
      return fail(level, "a sum of the sibling's is negative, too large or missing");
    const parent = sums.map((amount, k) => amount + (step.sums[k] as bigint));
    if (!inRange(parent, count)) return fail(level, 'a sum exceeds 2^128 - 1 atoms');
    const own = encodeAmounts(sums);
    const theirs = encodeAmounts(step.sums);
    hash =
      step.side === 'left'
        ? innerHash(siblingHash, theirs, hash, own)
        : innerHash(hash, own, siblingHash, theirs);
    sums = parent;
  }
  const top = proof.path.length;
  if (toHex(hash) !== root.hash) return fail(top, "the path's hash is not the root's");
  if (!inRange(root.totals, count) || sums.some((amount, k) => amount !== root.totals[k]))
    return fail(top, "the path's sums are not the root's totals");
  return { ok: true };
}
