// The Ethereum deposit watcher (server/chain/evm/evm-watcher.ts) at scale: 100,000 deposit
// addresses in the database, a local node (anvil) mining blocks of 1,000 test-USDT transfers and
// 100 ether payments into those addresses. Measured: the CPU time of this process (the watcher,
// its JSON-RPC client, and PGlite when that is the database; not the node's, nor PostgreSQL's)
// and the wall time per block, while the watcher catches up, and in a round that reads one new
// block while the deposits of the blocks before it are still confirming, as when it follows the
// chain; on each database. The reading part alone is measured too (blocks and logs fetched and
// matched against the in-memory addresses), as the watcher reads with viem and from the node's
// JSON as it is (server/chain/evm/raw-reads.ts), so what recording costs shows as the rest.
// The baseline, in the same run: a watcher that asks the node about each deposit address per
// block (its balance at the block, and the token's transfers to it), run on a sample of addresses
// and scaled linearly to all of them, finding only (recording what it finds is not counted).
// Target: under 1 % of a core at one block every 12 seconds.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  type PublicClient,
  parseAbiItem,
  toHex,
} from 'viem';
import { saveBatch } from '../server/chain/chain-cursor.ts';
import type { EvmSettings } from '../server/chain/chain-settings.ts';
import { EvmWatcher, evmCursor } from '../server/chain/evm/evm-watcher.ts';
import { readRawBlock, readRawTransfers } from '../server/chain/evm/raw-reads.ts';
import { watchedAddresses } from '../server/chain/evm/watched-addresses.ts';
import type { Db } from '../server/db/database.ts';
import { type Anvil, readTestUsdtArtifact, startAnvil } from '../tests/support/anvil.ts';
import { benchDatabases, type OpenFresh } from './databases.ts';
import { markdownTable } from './table.ts';

const addressCount = 100_000;
const tokenTransfersPerBlock = 1_000;
const etherPaymentsPerBlock = 100;
/** Blocks the watcher catches up on in one round. */
const catchUpBlocks = 10;
/** Addresses the baseline asks about per block, and blocks it reads. */
const naiveSample = 1_000;
const naiveBlocks = 3;
/** Requests the baseline has in flight at once. */
const naiveConcurrency = 16;
const blockSeconds = 12;
const confirmations = 12;
const perBlock = tokenTransfersPerBlock + etherPaymentsPerBlock;
const rowsPerInsert = 2_000;
/** JSON-RPC requests per HTTP batch when filling a block. */
const sendsPerBatch = 250;

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

interface Cost {
  cpuMs: number;
  wallMs: number;
}

async function cost(work: () => Promise<unknown>): Promise<Cost> {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await work();
  const used = process.cpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1e3,
    wallMs: Number(process.hrtime.bigint() - started) / 1e6,
  };
}

/**
 * With BENCH_CPU_PROFILE set to a folder, the work's CPU profile is written there as
 * `NAME.cpuprofile` (open it in Chrome's DevTools) to see where a measured round's time goes.
 */
async function profiled(name: string, work: () => Promise<unknown>): Promise<void> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) {
    await work();
    return;
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Users and one ETH-family deposit address each, inserted many rows a statement. */
async function seedAddresses(db: Db): Promise<Address[]> {
  const addresses = Array.from({ length: addressCount }, () => getAddress(toHex(randomBytes(20))));
  for (let start = 0; start < addressCount; start += rowsPerInsert) {
    const ids = Array.from(
      { length: Math.min(rowsPerInsert, addressCount - start) },
      (_, k) => start + k + 1,
    );
    await db
      .insertInto('users')
      .values(
        ids.map((id) => ({
          id,
          account: `bench${id}@example.com`,
          email: `bench${id}@example.com`,
          phone: null,
          password_hash: 'x',
          trade_password_hash: null,
          invite_code: `BENCH${id}`,
          inviter_id: null,
          avatar: '',
        })),
      )
      .execute();
    await db
      .insertInto('deposit_addresses')
      .values(
        ids.map((id) => ({
          user_id: id,
          chain: 'ETH',
          address: addresses[id - 1] as string,
          derivation_index: id - 1,
        })),
      )
      .execute();
  }
  return addresses;
}

/**
 * Mines one block of token mints and ether payments to deposit addresses, sent from the node's
 * unlocked dev account with explicit nonces and gas, so the node neither estimates nor waits.
 */
async function fillBlock(
  anvil: Anvil,
  token: Address,
  recipients: readonly Address[],
  nonce: { next: number },
): Promise<void> {
  const { abi } = readTestUsdtArtifact();
  const requests = recipients.map((to, k) => {
    const tx =
      k < tokenTransfersPerBlock
        ? {
            to: token,
            data: encodeFunctionData({ abi, functionName: 'mint', args: [to, 1_000_000n] }),
            gas: toHex(100_000),
          }
        : { to, value: toHex(10n ** 15n), gas: toHex(21_000) };
    return {
      jsonrpc: '2.0',
      id: k,
      method: 'eth_sendTransaction',
      params: [{ from: anvil.account.address, nonce: toHex(nonce.next++), ...tx }],
    };
  });
  for (let start = 0; start < requests.length; start += sendsPerBatch) {
    const response = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requests.slice(start, start + sendsPerBatch)),
    });
    const answers = (await response.json()) as { error?: { message: string } }[];
    const failed = answers.find((answer) => answer.error);
    if (failed) throw new Error(`a transaction was refused: ${failed.error?.message}`);
  }
  await anvil.mine(1);
  const block = await anvil.publicClient.getBlock();
  if (block.transactions.length !== recipients.length) {
    throw new Error(`a block holds ${block.transactions.length} of ${recipients.length} transfers`);
  }
}

/** The baseline's read of one block: each sampled address's balance, and its token transfers. */
async function naiveBlock(
  client: PublicClient,
  token: Address,
  sample: readonly Address[],
  balances: Map<Address, bigint>,
  blockNumber: bigint,
): Promise<number> {
  let found = 0;
  let next = 0;
  const worker = async () => {
    while (next < sample.length) {
      const address = sample[next++] as Address;
      const [balance, logs] = await Promise.all([
        client.getBalance({ address, blockNumber }),
        client.getLogs({
          address: token,
          event: transferEvent,
          args: { to: address },
          fromBlock: blockNumber,
          toBlock: blockNumber,
        }),
      ]);
      if (balance > (balances.get(address) ?? 0n)) found++;
      balances.set(address, balance);
      found += logs.length;
    }
  };
  await Promise.all(Array.from({ length: naiveConcurrency }, worker));
  return found;
}

/** The blocks `first`..`last`, fetched at once as the watcher fetches a batch. */
const blockNumbers = (first: bigint, last: bigint) =>
  Array.from({ length: Number(last - first + 1n) }, (_, k) => first + BigInt(k));

/** The watcher's read alone, as it reads today: viem's formatted blocks and decoded logs. */
async function readFormatted(
  client: PublicClient,
  token: Address,
  watched: ReadonlyMap<string, string>,
  first: bigint,
  last: bigint,
): Promise<number> {
  let matched = 0;
  const blocks = await Promise.all(
    blockNumbers(first, last).map((blockNumber) =>
      client.getBlock({ blockNumber, includeTransactions: true }),
    ),
  );
  for (const block of blocks) {
    for (const tx of block.transactions) {
      if (tx.to && watched.has(tx.to.toLowerCase()) && tx.value > 0n) matched++;
    }
  }
  const logs = await client.getLogs({
    address: token,
    event: transferEvent,
    fromBlock: first,
    toBlock: last,
  });
  for (const log of logs) if (log.args.to && watched.has(log.args.to.toLowerCase())) matched++;
  return matched;
}

/** The same read from the node's JSON as it is (server/chain/evm/raw-reads.ts). */
async function readUnformatted(
  client: PublicClient,
  token: Address,
  watched: ReadonlyMap<string, string>,
  first: bigint,
  last: bigint,
): Promise<number> {
  let matched = 0;
  const blocks = await Promise.all(
    blockNumbers(first, last).map((blockNumber) => readRawBlock(client, blockNumber)),
  );
  for (const block of blocks) {
    for (const payment of block?.payments ?? []) {
      if (payment.to && watched.has(payment.to) && BigInt(payment.value) > 0n) matched++;
    }
  }
  for (const transfer of await readRawTransfers(client, token, first, last)) {
    if (watched.has(transfer.to)) matched++;
  }
  return matched;
}

interface Measured {
  seededS: number;
  filledS: number;
  loadMs: number;
  catchUp: Cost;
  following: Cost;
  naive?: { cost: Cost; found: number };
  reads?: { formatted: Cost; raw: Cost };
}

/** One database: a fresh node and database, the addresses, the blocks, the watcher's two rounds. */
async function measureOn(name: string, open: OpenFresh, withBaseline: boolean): Promise<Measured> {
  const anvil = await startAnvil();
  const database = await open();
  try {
    const db = database.opened.db;
    // The watcher's own client (server/chain/evm/evm-client.ts), with a time-out long enough for
    // a node filling blocks of a thousand transactions on a busy machine.
    const client = createPublicClient({
      transport: http(anvil.url, { retryCount: 1, timeout: 120_000 }),
      cacheTime: 0,
    });
    const token = await anvil.deployTestUsdt();
    await anvil.setAutomine(false);
    await anvil.testClient.setBlockGasLimit({ gasLimit: 300_000_000n });
    const nonce = { next: await client.getTransactionCount({ address: anvil.account.address }) };

    const seeded = await cost(() => seedAddresses(db));
    const addresses = await db
      .selectFrom('deposit_addresses')
      .select('address')
      .orderBy('derivation_index')
      .execute()
      .then((rows) => rows.map((row) => row.address as Address));
    // Each block pays addresses no block before it paid, spread over the whole table.
    const stride = 7_919; // a prime: k * stride runs through every address before repeating
    const recipientsOf = (block: number) =>
      Array.from(
        { length: perBlock },
        (_, k) => addresses[((block * perBlock + k) * stride) % addressCount] as Address,
      );

    const start = await client.getBlock();
    await saveBatch(db, evmCursor, [{ number: start.number, hash: start.hash }]);
    const filled = await cost(async () => {
      for (let b = 0; b < catchUpBlocks; b++) await fillBlock(anvil, token, recipientsOf(b), nonce);
    });

    const settings: EvmSettings = {
      rpcUrl: anvil.url,
      chainId: anvil.chainId,
      usdtAddress: token,
      confirmationsEth: confirmations,
      confirmationsUsdt: confirmations,
      pollMs: 2_000,
      replaceAfterMs: 120_000,
      sweepMin: { ETH: '0.01', USDT: '10' },
    };
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const watcher = new EvmWatcher({ db, client, settings, log });
    const profileName = (round: string) => `chain-${name.toLowerCase()}-${round}`;

    // The first read of the addresses happens once, when the watcher starts.
    const loaded = await cost(() => watchedAddresses(db, 'ETH'));
    const catchUp = await cost(() => profiled(profileName('catch-up'), () => watcher.round()));
    const recorded = await db
      .selectFrom('deposits')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(recorded.count) !== catchUpBlocks * perBlock) {
      throw new Error(`the watcher recorded ${recorded.count} of ${catchUpBlocks * perBlock}`);
    }
    // Following the chain: one new block, the deposits of the blocks before it still confirming.
    await fillBlock(anvil, token, recipientsOf(catchUpBlocks), nonce);
    const following = await cost(() => profiled(profileName('following'), () => watcher.round()));
    const measured = {
      seededS: seeded.wallMs / 1e3,
      filledS: filled.wallMs / 1e3,
      loadMs: loaded.cpuMs,
      catchUp,
      following,
    };
    if (!withBaseline) return measured;

    // The reading part alone, both ways, over the blocks the watcher caught up on.
    const watched = await watchedAddresses(db, 'ETH');
    const first = start.number + 1n;
    const last = start.number + BigInt(catchUpBlocks);
    const reads = { formatted: { cpuMs: 0, wallMs: 0 }, raw: { cpuMs: 0, wallMs: 0 } };
    for (const [way, read] of [
      ['formatted', readFormatted],
      ['raw', readUnformatted],
    ] as const) {
      let matched = 0;
      reads[way] = await cost(async () => {
        matched = await read(client, token, watched, first, last);
      });
      if (matched !== catchUpBlocks * perBlock) {
        throw new Error(`the ${way} read matched ${matched} of ${catchUpBlocks * perBlock}`);
      }
    }

    // The baseline, on a sample of the addresses the blocks paid and of those they did not.
    const sample = Array.from(
      { length: naiveSample },
      (_, k) => addresses[Math.floor((k * addressCount) / naiveSample)] as Address,
    );
    const balances = new Map<Address, bigint>();
    for (const address of sample) {
      balances.set(address, await client.getBalance({ address, blockNumber: start.number }));
    }
    let found = 0;
    const naive = await cost(async () => {
      for (let b = 1n; b <= BigInt(naiveBlocks); b++) {
        found += await naiveBlock(client, token, sample, balances, start.number + b);
      }
    });
    return { ...measured, naive: { cost: naive, found }, reads };
  } finally {
    await database.close();
    await anvil.stop();
  }
}

export async function run(): Promise<void> {
  const scale = addressCount / naiveSample;
  const share = (cpuMs: number) => `${((100 * cpuMs) / (blockSeconds * 1_000)).toFixed(2)} %`;
  const rows: [string, number, number][] = [];
  const notes: string[] = [];
  let baselineCpu = 0;
  for (const [name, open] of await benchDatabases()) {
    const measured = await measureOn(name, open, rows.length === 0);
    if (measured.naive) {
      const { cost: naive, found } = measured.naive;
      baselineCpu = (naive.cpuMs / naiveBlocks) * scale;
      rows.push([
        `naive: ${naiveSample.toLocaleString('en')} addresses asked about per block, ×${scale} (baseline)`,
        baselineCpu,
        (naive.wallMs / naiveBlocks) * scale,
      ]);
      if (measured.reads) {
        const { formatted, raw } = measured.reads;
        rows.push(
          [
            'read alone, as the watcher reads (viem formatted blocks and logs), matched to the addresses',
            formatted.cpuMs / catchUpBlocks,
            formatted.wallMs / catchUpBlocks,
          ],
          [
            'read alone, from the JSON as it is (server/chain/evm/raw-reads.ts), matched likewise',
            raw.cpuMs / catchUpBlocks,
            raw.wallMs / catchUpBlocks,
          ],
        );
      }
      notes.push(
        `The baseline found ${found} transfers in its sample over ${naiveBlocks} blocks (${Math.round((naiveBlocks * perBlock) / scale)} expected) and records nothing.`,
      );
    }
    rows.push(
      [
        `watcher on ${name}: catching up ${catchUpBlocks} blocks in one round`,
        measured.catchUp.cpuMs / catchUpBlocks,
        measured.catchUp.wallMs / catchUpBlocks,
      ],
      [
        `watcher on ${name}: one new block, ${(catchUpBlocks * perBlock).toLocaleString('en')} deposits confirming`,
        measured.following.cpuMs,
        measured.following.wallMs,
      ],
    );
    notes.push(
      `${name} (not measured): addresses seeded in ${measured.seededS.toFixed(1)} s, ${catchUpBlocks} blocks filled in ${measured.filledS.toFixed(1)} s; the watcher's first read of all addresses took ${measured.loadMs.toFixed(0)} ms CPU, once.`,
    );
  }
  const table = markdownTable(
    [
      { title: 'per block' },
      { title: 'CPU ms', align: 'right' },
      { title: 'wall ms', align: 'right' },
      { title: `core at ${blockSeconds}-s blocks`, align: 'right' },
      { title: 'CPU vs baseline', align: 'right' },
    ],
    rows.map(([name, cpuMs, wallMs]) => [
      name,
      cpuMs.toFixed(1),
      wallMs.toFixed(0),
      share(cpuMs),
      `${(baselineCpu / cpuMs).toFixed(1)}×`,
    ]),
  );
  process.stdout.write(
    [
      `${addressCount.toLocaleString('en')} deposit addresses; blocks of ${tokenTransfersPerBlock.toLocaleString('en')} USDT transfers and ${etherPaymentsPerBlock} ether payments into them; ${confirmations} confirmations. CPU of this process (the watcher, its JSON-RPC client, and PGlite when that is the database), not the node's nor PostgreSQL's.`,
      ...notes,
      '',
      table,
      '',
    ].join('\n'),
  );
}
