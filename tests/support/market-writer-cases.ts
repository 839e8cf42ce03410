// The market writers as writer cases (writer-case.ts): spot, the perpetual contract engine and
// the second contract, each on BTCUSDT. Prices and sides are drawn so that no two commands ever
// trade with each other: each command's effect is its own.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { orderCost } from '../../core/contract/order-cost.ts';
import { orderReservation } from '../../core/market/order-math.ts';
import {
  contractMarketOf,
  priceAtoms,
  quantityAtoms,
} from '../../server/contract/contract-markets.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { fundPool } from '../../server/option/option-pool.ts';
import type { OptionSettings } from '../../server/option/option-settings.ts';
import { OptionWriter } from '../../server/option/option-writer.ts';
import { spotMarketOf } from '../../server/spot/spot-markets.ts';
import { readyContractEngine, readySpotWriter } from './ready-writers.ts';
import { past32Bits, silent, usdt, type WriterCase } from './writer-case.ts';

const btcSpec = knownMarkets.find((market) => market.symbol === 'BTCUSDT');
if (!btcSpec) throw new Error('BTCUSDT is not a known market');

/**
 * Spot buys rest at 90,000–95,000 and sells at 100,000–105,000; perpetual buys at 90,000–99,000
 * and sells at 101,000–105,000, around a mark of 100,000: none crosses another.
 */
const side = fc.constantFrom('buy' as const, 'sell' as const);

interface SpotTerms {
  side: 'buy' | 'sell';
  price: number;
  quantity: number;
}

export const spotCase: WriterCase<SpotTerms> = {
  name: 'spot market writer',
  wallet: 'funding',
  drainTo: 'contract',
  funds: [
    { wallet: 'funding', asset: 'USDT', amount: 10_000n * usdt },
    { wallet: 'funding', asset: 'BTC', amount: usdt },
  ],
  poisons: ['out-of-range id', 'balance drained'],
  drainedError: 'balance_insufficient',
  terms: side.chain((chosen) =>
    fc.record({
      side: fc.constant(chosen),
      // Cents and 0.00001 BTC: 0.001 to 0.02 BTC.
      price:
        chosen === 'buy'
          ? fc.integer({ min: 9_000_000, max: 9_500_000 })
          : fc.integer({ min: 10_000_000, max: 10_500_000 }),
      quantity: fc.integer({ min: 100, max: 2_000 }),
    }),
  ),
  async open(db) {
    const market = spotMarketOf(btcSpec, 5n, { makerPpm: 1_000, takerPpm: 2_000 });
    const writer = await readySpotWriter(db, market);
    const order = (userId: number, terms: SpotTerms) => ({
      userId,
      type: 'limit' as const,
      ...terms,
    });
    return {
      submit: (userId, terms, key) => writer.place(order(userId, terms), key),
      outOfRange: (_userId, terms, key) =>
        writer.place(order(past32Bits, terms), { ...key, userId: past32Bits }),
      effect(_userId, terms, answer) {
        const reserved = orderReservation({ type: 'limit', ...terms }, market);
        return {
          kind: 'trade.freeze',
          reference: `spot:freeze:${answer.id}`,
          wallet: 'funding',
          asset: terms.side === 'buy' ? 'USDT' : 'BTC',
          available: -reserved,
          frozen: reserved,
          counted: 0n,
        };
      },
    };
  },
};

interface ContractTerms extends SpotTerms {
  leverage: number;
  marginMode: 'cross' | 'isolated';
}

export const contractCase: WriterCase<ContractTerms> = {
  name: 'perpetual contract engine',
  wallet: 'contract',
  drainTo: 'funding',
  funds: [{ wallet: 'contract', asset: 'USDT', amount: 10_000n * usdt }],
  poisons: ['out-of-range id', 'balance drained'],
  // The engine reads the wallet again for the command alone and refuses it by its own rule.
  drainedError: 'margin_insufficient',
  terms: side.chain((chosen) =>
    fc.record({
      side: fc.constant(chosen),
      price:
        chosen === 'buy'
          ? fc.integer({ min: 9_000_000, max: 9_900_000 })
          : fc.integer({ min: 10_100_000, max: 10_500_000 }),
      quantity: fc.integer({ min: 100, max: 2_000 }),
      leverage: fc.integer({ min: 1, max: 20 }),
      marginMode: fc.constantFrom('cross' as const, 'isolated' as const),
    }),
  ),
  async open(db) {
    const market = contractMarketOf(btcSpec, 5n, { makerPpm: 200, takerPpm: 500 });
    const mark = 100_000n * usdt;
    const engine = await readyContractEngine(db, market, mark);
    const order = (userId: number, terms: ContractTerms) => ({
      userId,
      symbol: market.symbol,
      type: 'limit' as const,
      reduceOnly: false,
      purpose: 'user' as const,
      ...terms,
    });
    return {
      submit: (userId, terms, key) => engine.open(order(userId, terms), key),
      outOfRange: (_userId, terms, key) =>
        engine.open(order(past32Bits, terms), { ...key, userId: past32Bits }),
      effect(_userId, terms, answer) {
        const cost = orderCost(
          {
            direction: terms.side === 'buy' ? 'long' : 'short',
            quantity: quantityAtoms(market, terms.quantity),
            price: priceAtoms(market, terms.price),
            leverage: terms.leverage,
          },
          mark,
          market.fees.takerPpm,
        ).total;
        return {
          kind: 'contract.freeze',
          reference: `contract:freeze:${answer.id}`,
          wallet: 'contract',
          asset: 'USDT',
          available: -cost,
          frozen: cost,
          counted: 0n,
        };
      },
    };
  },
};

interface OptionTerms {
  direction: 'up' | 'down';
  stake: bigint;
}

export const optionSettings: OptionSettings = {
  enabled: true,
  openOnPredictableFeed: false,
  products: [{ unit: 'minute', length: 1, ratePpm: 800_000, durationMs: 60_000 }],
  minStake: 10n * usdt,
  maxStake: 10_000n * usdt,
  openLimit: 20,
  dailyLossLimit: 10_000n * usdt,
  poolSeed: 0n,
  printRetentionMs: 3_600_000,
};

export const optionCase: WriterCase<OptionTerms> = {
  name: 'second contract writer',
  wallet: 'option',
  drainTo: 'funding',
  funds: [{ wallet: 'option', asset: 'USDT', amount: 1_000n * usdt }],
  poisons: ['out-of-range id', 'balance drained'],
  drainedError: 'balance_insufficient',
  terms: fc.record({
    direction: fc.constantFrom('up' as const, 'down' as const),
    stake: fc.bigInt({ min: 10n, max: 400n }).map((whole) => whole * usdt),
  }),
  async open(db, plain) {
    // A pool that covers every contract these tests open, from the treasury as at first start.
    await fundPool(plain, 10_000_000n * usdt, `test:option-pool:${randomUUID()}`);
    const writer = new OptionWriter({
      db,
      settings: optionSettings,
      symbols: new Set(['BTCUSDT']),
      feedPredictable: false,
      now: () => Date.now(),
      latestPrint: (symbol) => {
        const now = Date.now();
        return {
          symbol,
          ts: now - (now % 1000),
          price: 100_000n * usdt,
          sources: ['test'],
          stale: false,
        };
      },
      batchMax: 512,
      onCommitted: () => undefined,
      log: silent,
    });
    await writer.rebuild();
    const order = (userId: number, terms: OptionTerms) => ({
      userId,
      symbol: 'BTCUSDT',
      unit: 'minute' as const,
      length: 1,
      ...terms,
    });
    return {
      submit: (userId, terms, key) => writer.order(order(userId, terms), key),
      outOfRange: (_userId, terms, key) =>
        writer.order(order(past32Bits, terms), { ...key, userId: past32Bits }),
      effect: (_userId, terms, answer) => ({
        kind: 'option.stake',
        reference: `option:stake:${answer.id}`,
        wallet: 'option',
        asset: 'USDT',
        available: -terms.stake,
        frozen: 0n,
        counted: 0n,
      }),
    };
  },
};
