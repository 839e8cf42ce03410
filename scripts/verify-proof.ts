// `npm run proof:verify -- <proof.json> <root.json>`: checks a user's proof of reserves against the
// published root with no server: the leaf's hash from the user id, salt and balances, then each
// level up to the root, sums checked at every node. Prints ok, or the first level that fails, and
// exits 0 or 1. The files are the ones core/wallet/proof-json.ts writes.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { proofFromJson, rootFromJson } from '../core/wallet/proof-json.ts';
import { verifyProof } from '../core/wallet/proof-of-reserves.ts';

function readJson(file: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch (error) {
    return { ok: false, reason: `cannot read ${file}: ${(error as Error).message}` };
  }
}

/** The verdict on the files named in `args`: one line, and whether the proof holds. */
export function verifyFiles(args: readonly string[]): { ok: boolean; line: string } {
  const [proofFile, rootFile] = args;
  const fail = (line: string) => ({ ok: false, line });
  if (!proofFile || !rootFile)
    return fail('usage: npm run proof:verify -- <proof.json> <root.json>');
  const proofText = readJson(proofFile);
  if (!proofText.ok) return fail(proofText.reason);
  const rootText = readJson(rootFile);
  if (!rootText.ok) return fail(rootText.reason);
  const proof = proofFromJson(proofText.value);
  if (!proof.ok) return fail(`not a proof: ${proof.reason}`);
  const root = rootFromJson(rootText.value);
  if (!root.ok) return fail(`not a root: ${root.reason}`);
  const check = verifyProof(proof.value, root.value);
  if (!check.ok) return fail(`failed at level ${check.level}: ${check.reason}`);
  return {
    ok: true,
    line: `ok: ${proof.value.userId}'s balances are counted in root ${root.value.hash}`,
  };
}

/** Verifies, writes the verdict's line and answers the exit code. */
export function main(args: readonly string[], write: (line: string) => void): number {
  const verdict = verifyFiles(args);
  write(verdict.line);
  return verdict.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
}
