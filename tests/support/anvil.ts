// Runs a real local Ethereum node (anvil, from the npm package's platform binary) for tests and
// `npm run chain:dev`, with viem clients for it and its first dev account. Every node started here
// is stopped in every outcome: by its test, else after the test file (a test that timed out never
// reached its own stop: leftovers.ts), else when this process exits; and a small guard process
// between this one and anvil kills anvil when this process is gone, however it ended (anvil
// itself has no way to notice its parent died).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { stopAfterEachFile } from './leftovers.ts';

/** Anvil's first dev account (from its fixed test mnemonic): public knowledge, funded with 10,000 ETH. */
export const devPrivateKey: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const devAccount = privateKeyToAccount(devPrivateKey);

export interface AnvilOptions {
  /** Seconds between blocks (fractions allowed); without it a block is mined per transaction. */
  blockTime?: number;
  /**
   * Whether each transaction is mined at once (the default when there is no block time). With
   * `false` and no block time, nothing is mined until `mine()` or `setAutomine(true)`.
   */
  automine?: boolean;
  chainId?: number;
  /** A fixed port; by default anvil takes a free one (`--port 0`) and names it when listening. */
  port?: number;
}

export const defaultChainId = 31337;
/** How long a start waits for anvil to listen and answer; generous for a busy 2-core machine. */
const startTimeoutMs = 60_000;
/** A node that does not stop this long after SIGTERM is killed. */
const stopGraceMs = 10_000;

const root = path.resolve(import.meta.dirname, '../..');
const artifactPath = path.join(root, 'server/chain/evm/test-usdt.artifact.json');

/** The path of the anvil binary the npm package installed for this platform. */
export function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  const name = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`;
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    // Resolved from the wrapper package, which names the platform packages as its dependencies.
    const require = createRequire(
      createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'),
    );
    return require.resolve(`${name}/bin/${binary}`);
  } catch {
    throw new Error(
      `${name} is not installed: run \`npm install\` (anvil has no binary for this platform otherwise)`,
    );
  }
}

// The guard: runs anvil, and kills it when its parent's IPC channel closes or it is told to stop.
const guard = `
const { spawn } = require('node:child_process');
const anvil = spawn(process.argv[1], process.argv.slice(2), { stdio: 'inherit' });
const stop = (signal) => () => { if (anvil.exitCode === null && anvil.signalCode === null) anvil.kill(signal); };
process.on('disconnect', stop('SIGKILL'));
process.on('SIGTERM', stop('SIGTERM'));
process.on('SIGINT', stop('SIGTERM'));
anvil.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

/** Every node started here and not yet seen to exit, with how to stop it. */
const running = new Map<ChildProcess, () => Promise<unknown>>();
process.once('exit', () => {
  // Nothing can be awaited here; the guard passes SIGTERM on, and kills anvil when we are gone.
  for (const child of running.keys()) child.kill('SIGTERM');
});

/** Stops every node this process started and has not seen exit. */
export async function stopAnvils(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}
stopAfterEachFile(stopAnvils);

export type Anvil = Awaited<ReturnType<typeof startAnvil>>;

/** Starts anvil on a port of its choosing and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions = {}) {
  const chainId = options.chainId ?? defaultChainId;
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(chainId),
  ];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  else if (options.automine === false) args.push('--no-mining');
  const child = spawn(process.execPath, ['-e', guard, anvilBinary(), ...args], {
    cwd: root,
    // The IPC channel is how the guard notices this process is gone.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Its own process group, so a kill reaches anvil too, and a terminal's Ctrl-C reaches only
    // the script that started it, which stops it in order.
    detached: true,
  });
  // The channel alone does not keep this process alive, so the exit handler above still runs.
  child.channel?.unref();
  const stop = () => stopChild(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  running.set(child, stop);
  child.once('exit', () => running.delete(child));

  try {
    const url = await listeningUrl(child);
    const chain = defineChain({
      id: chainId,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    });
    // A short poll: the node is local, and waits are bounded by the callers' time-outs.
    const transport = http(url, { retryCount: 0 });
    // No cache: a test reads the block number right after it mined or reverted blocks.
    const publicClient = createPublicClient({
      chain,
      transport,
      pollingInterval: 50,
      cacheTime: 0,
    });
    const walletClient = createWalletClient({ account: devAccount, chain, transport });
    const testClient = createTestClient({ chain, transport, mode: 'anvil' });
    await untilAnswers(publicClient.getChainId, child);
    if (options.blockTime !== undefined && options.automine === true) {
      await testClient.setAutomine(true);
    }

    return {
      url,
      chainId,
      pid: child.pid as number,
      chain,
      publicClient,
      walletClient,
      testClient,
      account: devAccount,
      /** Deploys the test USDT from the dev account and resolves with its address once mined. */
      async deployTestUsdt(): Promise<Address> {
        const artifact = readTestUsdtArtifact();
        const hash = await walletClient.deployContract({
          abi: artifact.abi,
          bytecode: artifact.bytecode,
        });
        const receipt = await publicClient.waitForTransactionReceipt({
          hash,
          timeout: startTimeoutMs,
        });
        if (receipt.status !== 'success' || !receipt.contractAddress) {
          throw new Error(`the test USDT's deployment failed (${hash})`);
        }
        return receipt.contractAddress;
      },
      mine: (blocks = 1) => testClient.mine({ blocks }),
      /** Marks the chain's state now; `revert(id)` goes back to it, dropping the blocks since. */
      snapshot: () => testClient.snapshot(),
      revert: (id: Hex) => testClient.revert({ id }),
      setAutomine: (on: boolean) => testClient.setAutomine(on),
      /** The base fee (in wei) of the next block, to test fee rises. */
      setNextBaseFee: (wei: bigint) => testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: wei }),
      stop,
      /** Resolves with the exit code once the node has exited, stopped or not. */
      exited,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface TestUsdtArtifact {
  abi: Abi;
  bytecode: Hex;
}

/** The committed test USDT artifact (ABI and creation bytecode). */
export function readTestUsdtArtifact(): TestUsdtArtifact {
  return JSON.parse(readFileSync(artifactPath, 'utf8')) as TestUsdtArtifact;
}

/** Resolves with anvil's `Listening on host:port` line as a URL; rejects if it exits first. */
function listeningUrl(child: ChildProcess): Promise<string> {
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('it did not listen in time'), startTimeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`anvil did not start: ${why}\n${output.join('\n')}`));
    };
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      output.push(line);
      if (output.length > 100) output.shift();
      const match = /^Listening on (\S+:\d+)$/.exec(line.trim());
      if (!match) return;
      clearTimeout(timer);
      // Anvil logs every call; the rest of its output is not needed.
      lines.close();
      child.stdout?.resume();
      resolve(`http://${match[1]}`);
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('close', (code, signal) => fail(`it exited (${signal ?? code})`));
  });
}

/** Calls until the node answers, a bounded number of times (it listens before it is ready). */
async function untilAnswers(call: () => Promise<unknown>, child: ChildProcess): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await call();
      return;
    } catch (error) {
      if (hasExited(child) || attempt >= 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const deadline = setTimeout(() => killGroup(child), stopGraceMs);
    child.once('exit', () => {
      clearTimeout(deadline);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Kills the guard and anvil at once (the guard leads their process group). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Waits until `check` answers true, polling every `intervalMs`, at most `timeoutMs` in all. */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The settings that point a server at this node and its test USDT, every asset at `confirmations`. */
export function chainEnv(
  node: { url: string; chainId: number },
  token: Address,
  confirmations: number,
  pollMs = 50,
): Record<string, string> {
  return {
    CHAIN_EVM_RPC_URL: node.url,
    CHAIN_EVM_CHAIN_ID: String(node.chainId),
    CHAIN_EVM_USDT_ADDRESS: token,
    CHAIN_EVM_CONFIRMATIONS_ETH: String(confirmations),
    CHAIN_EVM_CONFIRMATIONS_USDT: String(confirmations),
    CHAIN_EVM_POLL_MS: String(pollMs),
  };
}
