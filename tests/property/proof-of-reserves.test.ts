// The proof of reserves' sum tree: every user's proof verifies against the root, the root's totals
// are the sum of every balance, and any change to what a proof carries (a balance, a sibling's sum
// or hash, the salt, a side) or a negative amount anywhere is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  proofFromJson,
  proofToJson,
  rootFromJson,
  rootToJson,
} from '../../core/wallet/proof-json.ts';
import {
  buildReservesTree,
  type LiabilityEntry,
  type ProofStep,
  proofAt,
  proofFor,
  ReservesInputError,
  type ReservesProof,
  reservesRoot,
  verifyProof,
} from '../../core/wallet/proof-of-reserves.ts';

const allAssets = ['BTC', 'ETH', 'USDT', 'SOL'];
const balance = fc.bigInt({ min: 0n, max: 10n ** 22n });

/** 1 to 4 assets, and 1 to 40 users with distinct ids, each holding some of them. */
const book = fc.integer({ min: 1, max: allAssets.length }).chain((assetCount) => {
  const assets = allAssets.slice(0, assetCount);
  const entry = fc.record({
    userId: fc.string({ minLength: 1, maxLength: 12 }),
    salt: fc.string({ minLength: 1, maxLength: 24 }),
    balances: fc.dictionary(fc.constantFrom(...assets), balance, { maxKeys: assetCount }),
  });
  return fc.record({
    assets: fc.constant(assets),
    entries: fc.uniqueArray(entry, { minLength: 1, maxLength: 40, selector: (e) => e.userId }),
  });
});

/** A book of at least two users, so every proof has a sibling to tamper with. */
const pairedBook = book.filter(({ entries }) => entries.length >= 2);

function sums(assets: readonly string[], entries: readonly LiabilityEntry[]): bigint[] {
  return assets.map((asset) =>
    entries.reduce((total, entry) => total + (entry.balances[asset] ?? 0n), 0n),
  );
}

function withStep(proof: ReservesProof, j: number, change: Partial<ProofStep>): ReservesProof {
  return { ...proof, path: proof.path.map((step, i) => (i === j ? { ...step, ...change } : step)) };
}

describe('the proof of reserves', () => {
  it("verifies every user's proof against the root, whose totals are the sum of every balance", () => {
    fc.assert(
      fc.property(book, ({ assets, entries }) => {
        const tree = buildReservesTree(assets, entries);
        const root = reservesRoot(tree);
        expect(root.totals).toEqual(sums(assets, entries));
        expect(root.users).toBe(entries.length);
        entries.forEach((entry, i) => {
          const proof = proofAt(tree, i);
          expect(proof.userId).toBe(entry.userId);
          expect(proof.balances).toEqual(assets.map((asset) => entry.balances[asset] ?? 0n));
          expect(proof.path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(entries.length)));
          expect(verifyProof(proof, root)).toEqual({ ok: true });
        });
      }),
    );
  });

  it('reads back what it writes as JSON, and the proof read back still verifies', () => {
    fc.assert(
      fc.property(book, fc.nat(), ({ assets, entries }, pick) => {
        const tree = buildReservesTree(assets, entries);
        const root = reservesRoot(tree);
        const proof = proofAt(tree, pick % entries.length);
        const readProof = proofFromJson(JSON.parse(JSON.stringify(proofToJson(proof))));
        const readRoot = rootFromJson(JSON.parse(JSON.stringify(rootToJson(root))));
        expect(readProof).toEqual({ ok: true, value: proof });
        expect(readRoot).toEqual({ ok: true, value: root });
        if (readProof.ok && readRoot.ok)
          expect(verifyProof(readProof.value, readRoot.value)).toEqual({ ok: true });
      }),
    );
  });

  it("refuses a proof with a leaf's balance, the salt or the user id changed", () => {
    fc.assert(
      fc.property(book, fc.nat(), fc.nat(), balance, ({ assets, entries }, pick, which, other) => {
        const tree = buildReservesTree(assets, entries);
        const root = reservesRoot(tree);
        const proof = proofAt(tree, pick % entries.length);
        const k = which % assets.length;
        const changed = other === proof.balances[k] ? other + 1n : other;
        const balances = proof.balances.map((amount, i) => (i === k ? changed : amount));
        expect(verifyProof({ ...proof, balances }, root).ok).toBe(false);
        expect(verifyProof({ ...proof, salt: `${proof.salt}x` }, root).ok).toBe(false);
        expect(verifyProof({ ...proof, userId: `${proof.userId}x` }, root).ok).toBe(false);
      }),
    );
  });

  it("refuses a proof with a sibling's sum, hash or side changed", () => {
    fc.assert(
      fc.property(
        pairedBook,
        fc.nat(),
        fc.nat(),
        fc.nat(),
        ({ assets, entries }, pick, at, which) => {
          const tree = buildReservesTree(assets, entries);
          const root = reservesRoot(tree);
          const proof = proofAt(tree, pick % entries.length);
          const j = at % proof.path.length;
          const step = proof.path[j] as ProofStep;
          const k = which % assets.length;
          const sums = step.sums.map((amount, i) => (i === k ? amount + 1n : amount));
          expect(verifyProof(withStep(proof, j, { sums }), root).ok).toBe(false);
          const lower = step.sums.map((amount, i) =>
            i === k && amount > 0n ? amount - 1n : amount,
          );
          if (lower[k] !== step.sums[k])
            expect(verifyProof(withStep(proof, j, { sums: lower }), root).ok).toBe(false);
          const flipped = (Number.parseInt(step.hash.slice(0, 2), 16) ^ 1)
            .toString(16)
            .padStart(2, '0');
          const hash = `${flipped}${step.hash.slice(2)}`;
          expect(verifyProof(withStep(proof, j, { hash }), root).ok).toBe(false);
          const side = step.side === 'left' ? 'right' : 'left';
          expect(verifyProof(withStep(proof, j, { side }), root).ok).toBe(false);
          expect(
            verifyProof({ ...proof, path: proof.path.filter((_, i) => i !== j) }, root).ok,
          ).toBe(false);
        },
      ),
    );
  });

  it('refuses a root whose totals or hash were changed', () => {
    fc.assert(
      fc.property(book, fc.nat(), fc.nat(), ({ assets, entries }, pick, which) => {
        const tree = buildReservesTree(assets, entries);
        const root = reservesRoot(tree);
        const proof = proofAt(tree, pick % entries.length);
        const k = which % assets.length;
        const totals = root.totals.map((amount, i) => (i === k ? amount + 1n : amount));
        expect(verifyProof(proof, { ...root, totals })).toEqual({
          ok: false,
          level: proof.path.length,
          reason: "the path's sums are not the root's totals",
        });
        const hash = `${root.hash.slice(0, -1)}${root.hash.endsWith('0') ? '1' : '0'}`;
        expect(verifyProof(proof, { ...root, hash }).ok).toBe(false);
      }),
    );
  });

  it('refuses a negative balance when building', () => {
    fc.assert(
      fc.property(
        book,
        fc.nat(),
        fc.bigInt({ min: -(10n ** 22n), max: -1n }),
        ({ assets, entries }, pick, negative) => {
          const i = pick % entries.length;
          const bad = entries.map((entry, n) =>
            n === i
              ? { ...entry, balances: { ...entry.balances, [assets[0] as string]: negative } }
              : entry,
          );
          expect(() => buildReservesTree(assets, bad)).toThrow(ReservesInputError);
        },
      ),
    );
  });

  it('refuses a proof whose sibling carries a negative sum, at that level', () => {
    fc.assert(
      fc.property(
        pairedBook,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 22n }),
        ({ assets, entries }, pick, at, minus) => {
          const tree = buildReservesTree(assets, entries);
          const root = reservesRoot(tree);
          const proof = proofAt(tree, pick % entries.length);
          const j = at % proof.path.length;
          const step = proof.path[j] as ProofStep;
          const sums = step.sums.map((amount, i) => (i === 0 ? -minus : amount));
          expect(verifyProof(withStep(proof, j, { sums }), root)).toEqual({
            ok: false,
            level: j + 1,
            reason: "a sum of the sibling's is negative, too large or missing",
          });
          const negativeLeaf = proof.balances.map((amount, i) => (i === 0 ? -minus : amount));
          expect(verifyProof({ ...proof, balances: negativeLeaf }, root)).toMatchObject({
            ok: false,
            level: 0,
          });
        },
      ),
    );
  });
});

describe('building the tree', () => {
  const entry = (userId: string, balances: Record<string, bigint>): LiabilityEntry => ({
    userId,
    salt: `salt-${userId}`,
    balances,
  });

  it('refuses what cannot make a tree, naming the fault', () => {
    expect(() => buildReservesTree(['BTC'], [])).toThrow('at least one user');
    expect(() => buildReservesTree([], [entry('a', {})])).toThrow('at least one asset');
    expect(() => buildReservesTree(['BTC', 'BTC'], [entry('a', {})])).toThrow('repeated');
    expect(() => buildReservesTree(['BTC'], [entry('a', {}), entry('a', {})])).toThrow(
      'user a appears more than once',
    );
    expect(() => buildReservesTree(['BTC'], [entry('a', { ETH: 1n })])).toThrow(
      'user a holds ETH, not in the tree',
    );
    expect(() => buildReservesTree(['BTC'], [{ userId: 'a', salt: '', balances: {} }])).toThrow(
      'user a has no salt',
    );
    const big = (1n << 128n) - 1n;
    expect(() => buildReservesTree(['BTC'], [entry('a', { BTC: big + 1n })])).toThrow(
      ReservesInputError,
    );
    expect(() =>
      buildReservesTree(['BTC'], [entry('a', { BTC: big }), entry('b', { BTC: 1n })]),
    ).toThrow('exceeds 2^128 - 1');
  });

  it('finds a proof by user id, and none for a user not in the tree', () => {
    const tree = buildReservesTree(['BTC'], [entry('a', { BTC: 1n }), entry('b', { BTC: 2n })]);
    expect(proofFor(tree, 'b')?.balances).toEqual([2n]);
    expect(proofFor(tree, 'c')).toBeNull();
  });

  it('names no user in a leaf: the same balances under another salt hash differently', () => {
    const one = buildReservesTree(['BTC'], [{ userId: 'a', salt: 'x', balances: { BTC: 1n } }]);
    const two = buildReservesTree(['BTC'], [{ userId: 'a', salt: 'y', balances: { BTC: 1n } }]);
    expect(reservesRoot(one).hash).not.toBe(reservesRoot(two).hash);
  });
});
