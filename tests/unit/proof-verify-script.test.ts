// `npm run proof:verify`: a user's proof file and the published root, checked with no server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proofToJson, type ReservesProofJson, rootToJson } from '../../core/wallet/proof-json.ts';
import { buildReservesTree, proofAt, reservesRoot } from '../../core/wallet/proof-of-reserves.ts';
import { main } from '../../scripts/verify-proof.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'proof-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const assets = ['BTC', 'USDT'];
const tree = buildReservesTree(
  assets,
  Array.from({ length: 5 }, (_, i) => ({
    userId: `user-${i}`,
    salt: `3f9a${i}c0de`,
    balances: { BTC: BigInt(i) * 12_345_678n, USDT: 1_000_00000000n + BigInt(i) },
  })),
);
const proof = proofToJson(proofAt(tree, 2));
const rootFile = write('root.json', rootToJson(reservesRoot(tree)));

function write(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

function run(...args: string[]): { code: number; lines: string[] } {
  const lines: string[] = [];
  const code = main(args, (line) => lines.push(line));
  return { code, lines };
}

describe('the proof verifier script', () => {
  it('says ok and exits 0 for a good proof', () => {
    const { code, lines } = run(write('good.json', proof), rootFile);
    expect(code).toBe(0);
    expect(lines).toEqual([`ok: user-2's balances are counted in root ${reservesRoot(tree).hash}`]);
  });

  it('names the level that fails and exits 1 for a tampered proof', () => {
    const raised: ReservesProofJson = {
      ...proof,
      balances: { ...proof.balances, BTC: '9.00000000' },
    };
    const changed = run(write('raised.json', raised), rootFile);
    expect(changed.code).toBe(1);
    expect(changed.lines).toEqual([
      `failed at level ${proof.path.length}: the path's hash is not the root's`,
    ]);

    const negative: ReservesProofJson = {
      ...proof,
      path: proof.path.map((step, i) =>
        i === 1 ? { ...step, sums: { ...step.sums, USDT: '-5.00000000' } } : step,
      ),
    };
    const refused = run(write('negative.json', negative), rootFile);
    expect(refused.code).toBe(1);
    expect(refused.lines).toEqual([
      "failed at level 2: a sum of the sibling's is negative, too large or missing",
    ]);
  });

  it('exits 1 on a file that is not a proof, or a missing argument', () => {
    expect(run(write('empty.json', {}), rootFile)).toEqual({
      code: 1,
      lines: ['not a proof: the proof is not version 1'],
    });
    expect(run(path.join(dir, 'missing.json'), rootFile).lines[0]).toMatch(/^cannot read /);
    expect(run().code).toBe(1);
  });
});
