// The committed test token's ABI and bytecode are what the project's own Solidity source compiles
// to: a change to TestUsdt.sol without `npx tsx scripts/compile-token.ts` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { artifactPath, artifactText, compileTestUsdt } from '../../scripts/compile-token.ts';

describe('the test token artifact', () => {
  const committed = readFileSync(artifactPath, 'utf8');
  const compiled = compileTestUsdt();

  it('matches a fresh compile of TestUsdt.sol, byte for byte', () => {
    const parsed = JSON.parse(committed) as typeof compiled;
    expect(parsed.bytecode).toBe(compiled.bytecode);
    expect(parsed.abi).toEqual(compiled.abi);
    expect(committed).toBe(artifactText(compiled));
  });

  it('is an ERC-20 with a mint and a block for tests', () => {
    const names = compiled.abi.map((entry) => (entry as { name?: string }).name);
    for (const name of [
      'name',
      'symbol',
      'decimals',
      'totalSupply',
      'balanceOf',
      'transfer',
      'transferFrom',
      'approve',
      'allowance',
      'Transfer',
      'Approval',
      'mint',
      'setBlocked',
    ]) {
      expect(names).toContain(name);
    }
    expect(compiled.bytecode).toMatch(/^0x(?:[0-9a-f]{2})+$/);
  });
});
