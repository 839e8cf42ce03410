// The watcher's raw reads of a real node (anvil) say what viem's formatted reads say: a block's
// hash, parent and payments (recipient, amount), and the token's transfers (block, transaction,
// log index, recipient, amount), with addresses in lower case; a block not there yet is null.
import { type Address, parseAbiItem, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawBlock, readRawTransfers } from '../../server/chain/evm/raw-reads.ts';
import { type Anvil, readTestUsdtArtifact, startAnvil } from '../support/anvil.ts';

const { abi } = readTestUsdtArtifact();
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const payees: Address[] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
];

let anvil: Anvil;
let token: Address;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestUsdt();
}, 120_000);
afterAll(() => anvil?.stop());

describe('raw reads of an Ethereum node', () => {
  it('read a block and the token transfers as viem does', async () => {
    const { publicClient, walletClient } = anvil;
    const first = (await publicClient.getBlockNumber()) + 1n;
    for (const [k, to] of payees.entries()) {
      const hash = await walletClient.writeContract({
        address: token,
        abi,
        functionName: 'mint',
        args: [to, 1_500_000n * BigInt(k + 1)],
      });
      await publicClient.waitForTransactionReceipt({ hash });
      const paid = await walletClient.sendTransaction({ to, value: parseEther('0.25') });
      await publicClient.waitForTransactionReceipt({ hash: paid });
    }
    const last = await publicClient.getBlockNumber();

    for (let number = first; number <= last; number++) {
      const viemBlock = await publicClient.getBlock({
        blockNumber: number,
        includeTransactions: true,
      });
      const raw = await readRawBlock(publicClient, number);
      expect(raw).toEqual({
        number,
        hash: viemBlock.hash,
        parentHash: viemBlock.parentHash,
        payments: viemBlock.transactions.map((tx) => ({
          hash: tx.hash,
          to: tx.to?.toLowerCase() ?? null,
          value: `0x${tx.value.toString(16)}`,
        })),
      });
    }

    const viemLogs = await publicClient.getLogs({
      address: token,
      event: transferEvent,
      fromBlock: first,
      toBlock: last,
    });
    const raw = await readRawTransfers(publicClient, token, first, last);
    expect(raw).toHaveLength(payees.length);
    expect(raw).toEqual(
      viemLogs.map((log) => ({
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        transactionHash: log.transactionHash,
        logIndex: log.logIndex,
        to: log.args.to?.toLowerCase(),
        value: log.args.value,
      })),
    );
    expect(raw.map((transfer) => transfer.to)).toEqual(payees.map((p) => p.toLowerCase()));
  });

  it('answers null for a block the node does not have yet', async () => {
    const head = await anvil.publicClient.getBlockNumber();
    expect(await readRawBlock(anvil.publicClient, head + 1_000n)).toBeNull();
  });
});
