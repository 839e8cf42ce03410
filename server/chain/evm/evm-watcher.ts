// The Ethereum deposit watcher: each round it first compares the hashes of the blocks it read with
// the node's and settles a reorganisation (server/chain/evm/reorgs.ts), then counts every deposit
// not yet credited up to the head (server/chain/evm/reconfirm.ts), then reads the blocks after its
// cursor up to the head, in batches, and reports every transfer into a deposit address, with its
// block, through the wallet's chain-watcher interface (server/wallet/chain-deposits.ts): ether paid
// by a transaction whose `to` is an ETH deposit address, and the USDT contract's `Transfer` logs to
// an ERC-20 deposit address. A batch's transfers are recorded together, in a few statements. A
// batch whose blocks do not follow each other (the chain changed while it was read) is not saved:
// the next round's comparison finds where the chains part.
import type { FastifyBaseLogger } from 'fastify';
import type { Hex, PublicClient } from 'viem';
import type { Db } from '../../db/database.ts';
import {
  type ChainTransaction,
  type DepositReport,
  type ObservedDeposits,
  observeDeposits,
} from '../../wallet/chain-deposits.ts';
import { publishDeposit, publishDepositRows } from '../../wallet/deposit-frames.ts';
import { type ReadBlock, readCursor, saveBatch } from '../chain-cursor.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { ledgerAmount } from './evm-amounts.ts';
import { type EvmChain, ethChain, evmChainNames, usdtChain } from './evm-chains.ts';
import { gasSendHashes } from './gas-sends.ts';
import { addressOf } from './hex-text.ts';
import { readRawBlock, readRawTransfers } from './raw-reads.ts';
import { reconfirmDeposits } from './reconfirm.ts';
import { movedCreditedTransfers, settleReorganisation } from './reorgs.ts';
import { watchedAddresses } from './watched-addresses.ts';

/** The cursor's name: one watcher reads the Ethereum network for both of its chains. */
export const evmCursor = 'ETH';
/** Blocks read per batch (fetched at once), and so per saved cursor. */
const batchBlocks = 20n;

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

  /** One round: settles a reorganisation, re-reports the deposits confirming, reads new blocks. */
  async round(): Promise<void> {
    const { db, client, settings, log } = this.options;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    await settleReorganisation({
      db,
      log,
      cursor: evmCursor,
      chains: evmChainNames,
      head,
      hashAt: async (blockNumber) => {
        const block = await client.getBlock({ blockNumber });
        if (block.hash === null) throw new Error(`block ${blockNumber} has no hash yet`);
        return block.hash;
      },
      dropped: (id) => publishDeposit(db, { id }),
    });
    await reconfirmDeposits({
      db,
      client,
      settings,
      head,
      cursor: evmCursor,
      report: (found) => this.report(found),
      counted: (observed) => this.published(observed),
      dropped: (id) => publishDeposit(db, { id }),
    });
    const cursor = await readCursor(db, evmCursor);
    const deepest = BigInt(Math.max(settings.confirmationsEth, settings.confirmationsUsdt));
    // First start: the blocks still confirming are read, older ones are before this exchange's time.
    let from = cursor ? cursor.number + 1n : head - deepest + 1n > 0n ? head - deepest + 1n : 0n;
    let parent: ReadBlock | undefined = cursor;
    while (from <= head) {
      const to = from + batchBlocks - 1n < head ? from + batchBlocks - 1n : head;
      const last = await this.readBatch(from, to, head, parent);
      // The chain changed under the read: nothing of this batch was reported or saved.
      if (last === null) return;
      parent = last;
      from = to + 1n;
    }
  }

  /** Reads, reports and saves one batch; its last block, or null when its blocks are no chain. */
  private async readBatch(
    from: bigint,
    to: bigint,
    head: bigint,
    parent: ReadBlock | undefined,
  ): Promise<ReadBlock | null> {
    const { db, client, settings } = this.options;
    const numbers: bigint[] = [];
    for (let n = from; n <= to; n++) numbers.push(n);
    const [ethAddresses, usdtAddresses] = await Promise.all([
      watchedAddresses(db, ethChain.chain),
      watchedAddresses(db, usdtChain.chain),
    ]);
    // Read as the node answers them (server/chain/evm/raw-reads.ts): formatting every transaction
    // of a busy block was most of the reading's cost.
    const blocks = await Promise.all(numbers.map((number) => readRawBlock(client, number)));
    const found: DepositReport[] = [];
    const read: ReadBlock[] = [];
    const hashes = new Map<bigint, string>();
    let previous = parent?.hash;
    for (const block of blocks) {
      if (block === null) return null;
      if (previous !== undefined && block.parentHash !== previous) return null;
      previous = block.hash;
      const seen = { number: block.number, hash: block.hash };
      read.push(seen);
      hashes.set(block.number, block.hash);
      for (const payment of block.payments) {
        const address = payment.to === null ? undefined : ethAddresses.get(payment.to);
        if (!address) continue;
        const amount = ledgerAmount(BigInt(payment.value), ethChain.decimals);
        if (amount === null) continue;
        found.push({
          tx: this.transfer(ethChain, payment.hash, address, amount, seen, head),
          required: settings.confirmationsEth,
        });
      }
    }
    if (settings.usdtAddress && usdtAddresses.size > 0) {
      const logs = await readRawTransfers(client, addressOf(settings.usdtAddress), from, to);
      for (const log of logs) {
        // A log of another block at that height: the chain changed between the two reads.
        if (log.blockHash !== hashes.get(log.blockNumber)) return null;
        const address = usdtAddresses.get(log.to);
        if (!address) continue;
        const amount = ledgerAmount(log.value, usdtChain.decimals);
        if (amount === null) continue;
        const seen = { number: log.blockNumber, hash: log.blockHash };
        found.push({
          tx: {
            ...this.transfer(usdtChain, log.transactionHash, address, amount, seen, head),
            logIndex: log.logIndex,
          },
          required: settings.confirmationsUsdt,
        });
      }
    }
    // The hot wallet's gas for a token sweep is the platform's own ether, not a deposit.
    const gas = await gasSendHashes(
      db,
      found.map((deposit) => deposit.tx.txid),
    );
    const moved = await movedCreditedTransfers(
      db,
      found.map((deposit) => deposit.tx),
    );
    const deposits = found.filter((deposit) => {
      if (gas.has(deposit.tx.txid.toLowerCase())) return false;
      if (!moved.has(deposit.tx)) return true;
      this.options.log.warn(
        { txid: deposit.tx.txid, logIndex: deposit.tx.logIndex },
        'a credited token transfer found again at another log index is not credited again',
      );
      return false;
    });
    await this.report(deposits);
    await saveBatch(db, evmCursor, read);
    return read.at(-1) ?? null;
  }

  private transfer(
    chain: EvmChain,
    txid: Hex,
    address: string,
    amount: string,
    block: ReadBlock,
    head: bigint,
  ): ChainTransaction {
    return {
      chain: chain.chain,
      txid,
      address: addressOf(address),
      asset: chain.asset,
      amount,
      confirmations: head >= block.number ? Number(head - block.number + 1n) : 0,
      blockNumber: block.number,
      blockHash: block.hash,
    };
  }

  /** Records a batch of transfers at once and tells their owners of what changed. */
  private async report(found: readonly DepositReport[]): Promise<void> {
    if (found.length === 0) return;
    this.published(await observeDeposits(this.options.db, found));
  }

  private published({ changed, credited, balances }: ObservedDeposits): void {
    publishDepositRows(this.options.db, changed, balances);
    for (const row of credited) {
      this.options.log.info(
        {
          chain: row.chain,
          txid: row.txid,
          logIndex: row.log_index,
          asset: row.asset,
          amount: row.amount,
        },
        'deposit credited',
      );
    }
  }
}
