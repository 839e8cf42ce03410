// `npx tsx scripts/compile-token.ts`: compiles server/chain/evm/TestUsdt.sol with solc-js and
// writes its ABI and bytecode to server/chain/evm/test-usdt.artifact.json. The artifact is
// committed so tests and `npm run chain:dev` deploy without compiling; a unit test compiles the
// source again and checks the two still agree.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import solc from 'solc';

const folder = path.resolve(import.meta.dirname, '../server/chain/evm');
export const sourcePath = path.join(folder, 'TestUsdt.sol');
export const artifactPath = path.join(folder, 'test-usdt.artifact.json');

export interface TestUsdtArtifact {
  contractName: 'TestUsdt';
  compiler: string;
  abi: unknown[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: `0x${string}`;
}

interface CompiledContract {
  abi: unknown[];
  evm: { bytecode: { object: string } };
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, CompiledContract>>;
}

/** Compiles the token's source as it is now; throws on any compiler error. */
export function compileTestUsdt(): TestUsdtArtifact {
  const input = {
    language: 'Solidity',
    sources: { 'TestUsdt.sol': { content: readFileSync(sourcePath, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Cancun, not the compiler's newer default, so the code runs on any chain since early 2024.
      evmVersion: 'cancun',
      // No metadata hash: the bytecode then depends on the code alone, not on comments or paths.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { TestUsdt: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) {
    throw new Error(errors.map((entry) => entry.formattedMessage).join('\n'));
  }
  const contract = output.contracts?.['TestUsdt.sol']?.TestUsdt;
  if (!contract) throw new Error('solc produced no TestUsdt contract');
  return {
    contractName: 'TestUsdt',
    compiler: `solc ${solc.version()}`,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

/** The artifact file's text for a compiled artifact, as written and as compared. */
export function artifactText(artifact: TestUsdtArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(artifactPath, artifactText(compileTestUsdt()));
  process.stdout.write(`wrote ${path.relative(process.cwd(), artifactPath)}\n`);
}
