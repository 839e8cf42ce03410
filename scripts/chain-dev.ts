// `npm run chain:dev`: a local Ethereum chain for development. Starts anvil (a block every two
// seconds, as a real chain keeps coming), deploys the test USDT, mints to anvil's first dev
// account, funds the development hot wallet (the child 1/0 of the development WALLET_XPUB_ETH,
// whose key the embedded default signs with) so withdrawals can be sent at once, prints the
// settings a server needs to use it, and stays up until Ctrl-C, stopping anvil on the way out.
// `CHAIN_DEV_PORT` picks the port (default 8545, anvil's own).
import { parseEther } from 'viem';
import { hotWalletAddress } from '../server/chain/evm/key-addresses.ts';
import { xpubSettings } from '../server/wallet/addresses/derive.ts';
import { devAccount, readTestUsdtArtifact, startAnvil } from '../tests/support/anvil.ts';

/** What the dev account is given: one million USDT, in the token's atoms (six decimals). */
const mintAtoms = 1_000_000n * 1_000_000n;
/** What the development hot wallet starts with: 100 ETH and 100,000 USDT. */
const hotEther = parseEther('100');
const hotAtoms = 100_000n * 1_000_000n;

const port = Number(process.env.CHAIN_DEV_PORT ?? 8545);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  process.stderr.write(
    `CHAIN_DEV_PORT must be a port number, not "${process.env.CHAIN_DEV_PORT}"\n`,
  );
  process.exit(1);
}

const anvil = await startAnvil({ blockTime: 2, port });
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await anvil.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const token = await anvil.deployTestUsdt();
  const abi = readTestUsdtArtifact().abi;
  const hot = hotWalletAddress(xpubSettings.ethereum.development);
  const hashes = [
    await anvil.walletClient.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [devAccount.address, mintAtoms],
    }),
    await anvil.walletClient.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [hot, hotAtoms],
    }),
    await anvil.walletClient.sendTransaction({ to: hot, value: hotEther }),
  ];
  for (const hash of hashes) {
    await anvil.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 });
  }
  process.stdout.write(
    [
      `anvil is running (chain ${anvil.chainId}, a block every 2 s); Ctrl-C stops it.`,
      `The dev account ${devAccount.address} holds 10,000 ETH and 1,000,000 USDT.`,
      `The development hot wallet ${hot} holds 100 ETH and 100,000 USDT.`,
      '',
      'Settings for a server on this chain:',
      `CHAIN_EVM_RPC_URL=${anvil.url}`,
      `CHAIN_EVM_CHAIN_ID=${anvil.chainId}`,
      `CHAIN_EVM_USDT_ADDRESS=${token}`,
      '',
    ].join('\n'),
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await stop(1);
}

// In the foreground until stopped; a node that dies by itself ends the script with an error.
const code = await anvil.exited;
if (!stopping) {
  process.stderr.write(`anvil exited by itself (${code})\n`);
  process.exit(1);
}
