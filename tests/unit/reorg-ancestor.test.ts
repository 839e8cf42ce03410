// The search for where the watcher's kept blocks and the node's chain part
// (server/chain/evm/reorgs.ts), against a fake node: the newest kept block still in the chain is
// the ancestor; blocks above the node's head are not taken for replaced; none in the chain is a
// reorganisation deeper than the kept hashes.
import { describe, expect, it } from 'vitest';
import { findCommonAncestor } from '../../server/chain/evm/reorgs.ts';

/** Kept blocks from..to, newest first, hashed `<prefix><number>`. */
function kept(from: number, to: number, prefix = 'a') {
  const blocks = [];
  for (let n = to; n >= from; n--) blocks.push({ number: BigInt(n), hash: `${prefix}${n}` });
  return blocks;
}

/** A node whose blocks from `forkAt` on are of another chain; it records the heights asked. */
function node(forkAt: number) {
  const asked: bigint[] = [];
  const hashAt = async (n: bigint) => {
    asked.push(n);
    return n >= BigInt(forkAt) ? `b${n}` : `a${n}`;
  };
  return { asked, hashAt };
}

describe('the common ancestor of the kept blocks and the node', () => {
  it('is no reorganisation when the newest kept block is the node’s, asking for it alone', async () => {
    const { asked, hashAt } = node(1000);
    expect(await findCommonAncestor(kept(100, 150), 160n, hashAt)).toEqual({ kind: 'unchanged' });
    expect(asked).toEqual([150n]);
  });

  it('is the newest kept block still in the chain; the ones after it are replaced, lowest first', async () => {
    const { hashAt } = node(147);
    const search = await findCommonAncestor(kept(100, 150), 160n, hashAt);
    expect(search).toEqual({
      kind: 'replaced',
      ancestor: { number: 146n, hash: 'a146' },
      replaced: [147, 148, 149, 150].map((n) => ({
        number: BigInt(n),
        oldHash: `a${n}`,
        newHash: `b${n}`,
      })),
    });
  });

  it('is found across several rounds of questions when the fork is deep', async () => {
    const { hashAt } = node(110);
    const search = await findCommonAncestor(kept(100, 150), 150n, hashAt);
    expect(search.kind).toBe('replaced');
    if (search.kind !== 'replaced') return;
    expect(search.ancestor).toEqual({ number: 109n, hash: 'a109' });
    expect(search.replaced).toHaveLength(41);
  });

  it('compares only up to the node’s head: a node behind is not a reorganisation', async () => {
    const { asked, hashAt } = node(1000);
    expect(await findCommonAncestor(kept(100, 150), 140n, hashAt)).toEqual({ kind: 'unchanged' });
    expect(asked).toEqual([140n]);
    const shorter = node(139);
    const search = await findCommonAncestor(kept(100, 150), 140n, shorter.hashAt);
    expect(search).toMatchObject({ kind: 'replaced', ancestor: { number: 138n } });
  });

  it('is beyond the kept hashes when none of them is in the chain', async () => {
    const { hashAt } = node(50);
    const search = await findCommonAncestor(kept(100, 150), 150n, hashAt);
    expect(search.kind).toBe('beyond-kept');
    if (search.kind !== 'beyond-kept') return;
    expect(search.replaced[0]).toEqual({ number: 100n, oldHash: 'a100', newHash: 'b100' });
    expect(search.replaced).toHaveLength(51);
  });

  it('is no reorganisation with nothing kept to compare (a first start)', async () => {
    const { asked, hashAt } = node(0);
    expect(await findCommonAncestor([], 10n, hashAt)).toEqual({ kind: 'unchanged' });
    expect(asked).toEqual([]);
  });
});
