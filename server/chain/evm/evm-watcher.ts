// The Ethereum deposit watcher: each round it reads the blocks after its cursor up to the head, in
// batches, and reports every transfer into a deposit address through the wallet's chain-watcher
// interface (server/wallet/chain-deposits.ts): ether paid by a transaction whose `to` is an ETH
// deposit address, and the USDT contract's `Transfer` logs to an ERC-20 deposit address. A
// deposit still confirming is reported again every round with its new count until it is credited.
// Reorganisations are not handled yet; the saved block hashes are what will detect them.
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress, type Hex, type PublicClient, parseAbiItem } from 'viem';
import type { Db } from '../../db/database.ts';
import { type ChainTransaction, observeDeposit } from '../../wallet/chain-deposits.ts';
import { publishDeposit } from '../../wallet/deposit-frames.ts';
import { type ReadBlock, readCursor, saveBatch } from '../chain-cursor.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { ledgerAmount } from './evm-amounts.ts';
import { gasSendHashes } from './gas-sends.ts';
import { watchedAddresses } from './watched-addresses.ts';

/** The cursor's name: one watcher reads the Ethereum network for both of its chains. */
export const evmCursor = 'ETH';
const ethChain = { chain: 'ETH', asset: 'ETH', decimals: 18 } as const;
const usdtChain = { chain: 'ERC20', asset: 'USDT', decimals: 6 } as const;
/** Blocks read per batch (fetched at once), and so per saved cursor. */
const batchBlocks = 20n;

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

interface Found {
  tx: ChainTransaction;
  block: bigint;
  required: number;
}

export interface EvmWatcherOptions {
  db: Db;
  client: PublicClient;
  settings: EvmSettings;
  log: FastifyBaseLogger;
}

export class EvmWatcher {
  constructor(private readonly options: EvmWatcherOptions) {}

  /** Refuses a node on another network than the one configured. */
  async checkNetwork(): Promise<void> {
    const expected = this.options.settings.chainId;
    if (expected === undefined) return;
    const actual = await this.options.client.getChainId();
    if (actual !== expected) {
      throw new Error(`the Ethereum node is on chain ${actual}, CHAIN_EVM_CHAIN_ID is ${expected}`);
    }
  }

  /** One round: re-reports the deposits still confirming, then reads every new block. */
  async round(): Promise<void> {
    const { db, client, settings } = this.options;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    await this.reconfirm(head);
    const cursor = await readCursor(db, evmCursor);
    const deepest = BigInt(Math.max(settings.confirmationsEth, settings.confirmationsUsdt));
    // First start: the blocks still confirming are read, older ones are before this exchange's time.
    let from = cursor ? cursor.number + 1n : head - deepest + 1n > 0n ? head - deepest + 1n : 0n;
    while (from <= head) {
      const to = from + batchBlocks - 1n < head ? from + batchBlocks - 1n : head;
      await this.readBatch(from, to, head);
      from = to + 1n;
    }
  }

  private async readBatch(from: bigint, to: bigint, head: bigint): Promise<void> {
    const { db, client, settings } = this.options;
    const numbers: bigint[] = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    const [ethAddresses, usdtAddresses] = await Promise.all([
      watchedAddresses(db, ethChain.chain),
      watchedAddresses(db, usdtChain.chain),
    ]);
    const blocks = await Promise.all(
      numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
    );
    const found: Found[] = [];
    const read: ReadBlock[] = [];
    for (const block of blocks) {
      if (block.number === null || block.hash === null) continue;
      read.push({ number: block.number, hash: block.hash });
      for (const tx of block.transactions) {
        const address = tx.to ? ethAddresses.get(tx.to.toLowerCase()) : undefined;
        const amount = ledgerAmount(tx.value, ethChain.decimals);
        if (!address || amount === null) continue;
        found.push({
          tx: this.transfer(ethChain, tx.hash, address, amount, block.number, head),
          block: block.number,
          required: settings.confirmationsEth,
        });
      }
    }
    if (settings.usdtAddress && usdtAddresses.size > 0) {
      const logs = await client.getLogs({
        address: getAddress(settings.usdtAddress),
        event: transferEvent,
        fromBlock: from,
        toBlock: to,
      });
      for (const log of logs) {
        const to = log.args.to;
        const address = to ? usdtAddresses.get(to.toLowerCase()) : undefined;
        const amount = log.args.value === undefined ? null : ledgerAmount(log.args.value, 6);
        if (!address || amount === null || log.blockNumber === null) continue;
        if (log.transactionHash === null || log.logIndex === null) continue;
        found.push({
          tx: {
            ...this.transfer(
              usdtChain,
              log.transactionHash,
              address,
              amount,
              log.blockNumber,
              head,
            ),
            logIndex: log.logIndex,
          },
          block: log.blockNumber,
          required: settings.confirmationsUsdt,
        });
      }
    }
    // The hot wallet's gas for a token sweep is the platform's own ether, not a deposit.
    const gas = await gasSendHashes(
      db,
      found.map((deposit) => deposit.tx.txid),
    );
    for (const deposit of found) {
      if (!gas.has(deposit.tx.txid.toLowerCase())) await this.report(deposit.tx, deposit.required);
    }
    await saveBatch(db, evmCursor, read);
  }

  /** Deposits recorded but not yet credited: their confirmations, from their receipts' blocks. */
  private async reconfirm(head: bigint): Promise<void> {
    const { db, client, settings } = this.options;
    const pending = await db
      .selectFrom('deposits')
      .select(['chain', 'txid', 'address', 'asset', 'amount', 'log_index'])
      .where('status', '=', 'confirming')
      .where('chain', 'in', [ethChain.chain, usdtChain.chain])
      .execute();
    for (const row of pending) {
      const receipt = await client
        .getTransactionReceipt({ hash: row.txid as Hex })
        .catch(() => null);
      // Not (or no longer) in a block: left for the reorganisation handling to decide.
      if (receipt?.status !== 'success') continue;
      const required =
        row.chain === usdtChain.chain ? settings.confirmationsUsdt : settings.confirmationsEth;
      await this.report(
        {
          chain: row.chain,
          txid: row.txid,
          address: row.address,
          asset: row.asset,
          amount: row.amount,
          confirmations: confirmationsOf(receipt.blockNumber, head),
          ...(row.log_index >= 0 ? { logIndex: row.log_index } : {}),
        },
        required,
      );
    }
  }

  private transfer(
    chain: typeof ethChain | typeof usdtChain,
    txid: Hex,
    address: string,
    amount: string,
    block: bigint,
    head: bigint,
  ): ChainTransaction {
    return {
      chain: chain.chain,
      txid,
      address: address as Address,
      asset: chain.asset,
      amount,
      confirmations: confirmationsOf(block, head),
    };
  }

  private async report(tx: ChainTransaction, required: number): Promise<void> {
    const outcome = await observeDeposit(this.options.db, tx, required);
    if (outcome !== 'unknown-address' && outcome !== 'already-credited') {
      await publishDeposit(this.options.db, tx);
    }
    if (outcome === 'credited') {
      this.options.log.info(
        {
          chain: tx.chain,
          txid: tx.txid,
          logIndex: tx.logIndex,
          asset: tx.asset,
          amount: tx.amount,
        },
        'deposit credited',
      );
    }
  }
}

/** A transaction in the head block has one confirmation. */
function confirmationsOf(block: bigint, head: bigint): number {
  return head >= block ? Number(head - block + 1n) : 0;
}
