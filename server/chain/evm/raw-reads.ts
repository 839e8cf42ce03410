// The two reads of the Ethereum watcher, a block's payments and the token's transfers, taken from
// the node's JSON answers as they are: viem's formatted block turns every field of every
// transaction into numbers and checksums, and its decoded logs checksum both addresses of each
// (a keccak hash each); with a thousand transfers a block that was most of the reading time
// (bench/chain.bench.ts). Here only what a deposit needs is kept, addresses in lower case as the
// node writes them (the watched addresses are keyed so), amounts as hex until a match needs them.
import { type Address, type Hex, numberToHex, type PublicClient, toEventSelector } from 'viem';

/** A transaction of a block as the deposit check needs it. */
export interface RawPayment {
  hash: Hex;
  /** Lower case; null for a contract creation. */
  to: string | null;
  /** Wei, in hex. */
  value: Hex;
}

export interface RawBlock {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  payments: RawPayment[];
}

/** An ERC-20 `Transfer` log of the token. */
export interface RawTransfer {
  blockNumber: bigint;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: number;
  /** The recipient, lower case. */
  to: string;
  value: bigint;
}

/** `Transfer(address,address,uint256)`: the event's first topic. */
const transferTopic = toEventSelector('Transfer(address,address,uint256)');

interface JsonBlock {
  number: Hex | null;
  hash: Hex | null;
  parentHash: Hex;
  transactions: { hash: Hex; to: string | null; value: Hex }[];
}

interface JsonLog {
  blockNumber: Hex | null;
  blockHash: Hex | null;
  transactionHash: Hex | null;
  logIndex: Hex | null;
  topics: Hex[];
  data: Hex;
  removed?: boolean;
}

/** The block at `blockNumber` with its transactions, or null when the node has none there (yet). */
export async function readRawBlock(
  client: PublicClient,
  blockNumber: bigint,
): Promise<RawBlock | null> {
  const block = (await client.request({
    method: 'eth_getBlockByNumber',
    params: [numberToHex(blockNumber), true],
  })) satisfies JsonBlock | null;
  // A pending block has neither: not a block to read.
  if (!block || block.number === null || block.hash === null) return null;
  return {
    number: BigInt(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    payments: block.transactions.map((tx) => ({
      hash: tx.hash,
      to: tx.to === null ? null : tx.to.toLowerCase(),
      value: tx.value,
    })),
  };
}

/**
 * The token's `Transfer` logs in the blocks from `fromBlock` to `toBlock`. A log that is not the
 * standard event (the recipient not indexed, the amount not one word) or not yet in a block is left
 * out, as viem's decoding leaves it out.
 */
export async function readRawTransfers(
  client: PublicClient,
  token: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<RawTransfer[]> {
  const logs = (await client.request({
    method: 'eth_getLogs',
    params: [
      {
        address: token,
        topics: [transferTopic],
        fromBlock: numberToHex(fromBlock),
        toBlock: numberToHex(toBlock),
      },
    ],
  })) satisfies JsonLog[];
  const transfers: RawTransfer[] = [];
  for (const log of logs) {
    const recipient = log.topics[2];
    if (log.topics.length !== 3 || recipient === undefined || log.data.length !== 66) continue;
    if (log.removed || log.blockNumber === null || log.blockHash === null) continue;
    if (log.transactionHash === null || log.logIndex === null) continue;
    transfers.push({
      blockNumber: BigInt(log.blockNumber),
      blockHash: log.blockHash,
      transactionHash: log.transactionHash,
      logIndex: Number(log.logIndex),
      to: `0x${recipient.slice(26).toLowerCase()}`,
      value: BigInt(log.data),
    });
  }
  return transfers;
}
