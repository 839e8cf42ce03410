// One proof of reserves checked as the app's worker checks it (workers/reserves/check-proof.ts):
// the proof and the root read from their JSON, then verified; each check timed on its own, and the
// whole batch timed once, since a single check is close to the browser's timer grain.
import { proofFromJson, rootFromJson } from '../../core/wallet/proof-json.ts';
import { verifyProof } from '../../core/wallet/proof-of-reserves.ts';

export interface VerifyInput {
  proofs: unknown[];
  root: unknown;
  rounds: number;
}

export interface VerifyTimes {
  /** Milliseconds of each check, every proof in every round. */
  each: number[];
  /** Milliseconds a proof over one untimed-per-proof pass of the batch. */
  batchPerProof: number;
  verified: number;
}

function check(proof: unknown, root: unknown): boolean {
  const readProof = proofFromJson(proof);
  const readRoot = rootFromJson(root);
  return readProof.ok && readRoot.ok && verifyProof(readProof.value, readRoot.value).ok;
}

export function timeVerification({ proofs, root, rounds }: VerifyInput): VerifyTimes {
  const each: number[] = [];
  let verified = 0;
  for (let round = 0; round < rounds; round++) {
    for (const proof of proofs) {
      const started = performance.now();
      const ok = check(proof, root);
      each.push(performance.now() - started);
      if (ok) verified++;
    }
  }
  const started = performance.now();
  for (const proof of proofs) if (!check(proof, root)) throw new Error('a proof did not verify');
  const batchPerProof = (performance.now() - started) / proofs.length;
  return { each, batchPerProof, verified };
}
