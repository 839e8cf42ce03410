// The proof of reserves through the worker's core: the user's proof from the server is verified in
// the worker and answered with the verdict, the time it took, the balances as counted, the root's
// totals and the path; a changed sibling's sum or another user's proof is not verified and says
// why; the files offered for download are what `npm run proof:verify` accepts; a user no snapshot
// counts gets an answer the page shows, not a toast.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proofToJson, rootToJson } from '../../core/wallet/proof-json.ts';
import { buildReservesTree, proofFor, reservesRoot } from '../../core/wallet/proof-of-reserves.ts';
import { reserveProof } from '../../schemas/api/reserves.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { verifyFiles } from '../../scripts/verify-proof.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { reserveProofCall } from '../../workers/reserves/reserve-proof-call.ts';
import type { ReserveProofView } from '../../workers/reserves/types.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

let worker: WorkerHarness;
let core: WorkerCore;
let toasts: string[];
let next: (path: string) => unknown;

const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });
const session = {
  token: 'tok-1',
  expires_at: '2999-01-01T00:00:00.000Z',
  user_id: 7,
  account: 'user@example.com',
};
const atoms = (whole: number) => BigInt(whole) * 100_000_000n;

/** A snapshot of five users, user 7 among them, as `GET /wallet/reserveProof` answers it. */
function answerFor(userId: string) {
  const tree = buildReservesTree(
    ['BTC', 'USDT'],
    [
      { userId: '8', salt: 'salt-8', balances: { BTC: atoms(1) } },
      { userId: '7', salt: 'salt-7', balances: { BTC: 25_000_000n, USDT: atoms(150) } },
      { userId: '9', salt: 'salt-9', balances: { USDT: atoms(40) } },
      { userId: '10', salt: 'salt-10', balances: { BTC: atoms(2), USDT: atoms(5) } },
      { userId: '11', salt: 'salt-11', balances: {} },
    ],
  );
  const proof = proofFor(tree, userId);
  if (!proof) throw new Error(`no user ${userId}`);
  return {
    snapshot: { id: 3, created_at: '2026-11-28T12:00:00.000Z' },
    root: rootToJson(reservesRoot(tree)),
    proof: proofToJson(proof),
    holdings: null as unknown,
  };
}

async function proofView(): Promise<ReserveProofView> {
  const outcome = await core.reserveProof();
  if (!outcome.ok || !outcome.data.found) throw new Error(`no proof: ${JSON.stringify(outcome)}`);
  return outcome.data;
}

beforeEach(async () => {
  toasts = [];
  next = () => ok(session);
  worker = await startWorkerCore(({ path }) => next(path));
  core = worker.core;
  core.connectHost({ toast: (text) => toasts.push(text), sessionExpired: () => {} });
  await core.login('user@example.com', 'Secret123');
});

afterEach(() => worker.stop());

describe('the proof of reserves in the worker', () => {
  it('verifies a valid proof and answers the root, the balances as counted and the path', async () => {
    next = (path) => (path === '/wallet/reserveProof' ? ok(answerFor('7')) : ok(null));
    const view = await proofView();
    expect(view.verdict).toEqual({ verified: true });
    expect(view.verifyMs).toBeGreaterThanOrEqual(0);
    expect(view.verifyShown).toMatch(/^\d+\.\d\d$/);
    expect(view.snapshotId).toBe(3);
    expect(view.users).toBe(5);
    expect(view.rootHash).toMatch(/^[0-9a-f]{64}$/);
    expect(view.balances).toEqual([
      { asset: 'BTC', amount: '0.25000000', shown: '0.25' },
      { asset: 'USDT', amount: '150.00000000', shown: '150.00' },
    ]);
    expect(view.totals.map((row) => [row.asset, row.shown])).toEqual([
      ['BTC', '3.25'],
      ['USDT', '195.00'],
    ]);
    // Five leaves: three levels above the leaf, the first sibling user 8's leaf on the left.
    expect(view.path).toHaveLength(3);
    expect(view.path[0]).toMatchObject({ level: 1, side: 'left' });
    expect(view.path[0]?.sums.map((row) => row.shown)).toEqual(['1.00', '0.00']);
    expect(view.holdings).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('answers the holdings the snapshot published beside the totals', async () => {
    const answer = answerFor('7');
    answer.holdings = {
      network: 'anvil',
      chain_id: 31337,
      block_number: '120',
      addresses_read: 3,
      assets: {
        ETH: {
          total: '2.500000000000000001',
          addresses: [{ address: `0x${'ab'.repeat(20)}`, kind: 'hot', amount: '2.5' }],
        },
      },
    };
    next = (path) => (path === '/wallet/reserveProof' ? ok(answer) : ok(null));
    const view = await proofView();
    expect(view.holdings).toEqual({
      network: 'anvil',
      block: '120',
      addressesRead: 3,
      assets: [{ asset: 'ETH', shown: '2.50' }],
    });
    expect(view.verdict).toEqual({ verified: true });
  });

  it('offers the two files that the offline verifier accepts', async () => {
    next = (path) => (path === '/wallet/reserveProof' ? ok(answerFor('7')) : ok(null));
    const view = await proofView();
    const dir = mkdtempSync(path.join(tmpdir(), 'reserve-files-'));
    try {
      writeFileSync(path.join(dir, 'proof.json'), view.files.proof);
      writeFileSync(path.join(dir, 'root.json'), view.files.root);
      expect(verifyFiles([path.join(dir, 'proof.json'), path.join(dir, 'root.json')])).toEqual({
        ok: true,
        line: `ok: 7's balances are counted in root ${view.rootHash}`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not verify a proof whose sibling sum was changed, and says where and why', async () => {
    const answer = answerFor('7');
    const second = answer.proof.path[1];
    if (!second) throw new Error('the proof has no second step');
    // Someone else's money moved out of sight: the sibling two levels up now sums 1 USDT less.
    second.sums.USDT = (Number(second.sums.USDT) - 1).toFixed(8);
    next = (path) => (path === '/wallet/reserveProof' ? ok(answer) : ok(null));
    const view = await proofView();
    expect(view.verdict).toEqual({
      verified: false,
      level: 3,
      reason: "the path's hash is not the root's",
    });
    expect(view.balances.map((row) => row.shown)).toEqual(['0.25', '150.00']);
  });

  it("does not verify another user's proof", async () => {
    next = (path) => (path === '/wallet/reserveProof' ? ok(answerFor('9')) : ok(null));
    const view = await proofView();
    expect(view.verdict).toEqual({
      verified: false,
      level: 0,
      reason: 'the proof is of another user',
    });
  });

  it('calls the endpoint the server serves, and refuses an answer whose proof cannot be read', async () => {
    const { method, path, auth, errors } = reserveProof;
    expect(reserveProofCall).toMatchObject({ method, path, auth, errors });
    const answer = answerFor('7');
    next = (path) =>
      path === '/wallet/reserveProof'
        ? ok({ ...answer, proof: { ...answer.proof, path: 'none' } })
        : ok(null);
    expect(await core.reserveProof()).toEqual({
      ok: false,
      failure: { kind: 'unexpected_answer', issue: 'not a proof: the proof has no path' },
    });
  });

  it('answers that no snapshot counts the user yet, without a toast', async () => {
    next = (path) =>
      path === '/wallet/reserveProof'
        ? { code: errorCodes.reserve_proof_not_found, msg: 'Not in it yet', data: null }
        : ok(null);
    expect(await core.reserveProof()).toEqual({ ok: true, data: { found: false } });
    expect(toasts).toEqual([]);
  });
});
