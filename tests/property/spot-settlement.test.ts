// Ledger conservation of spot settlement: random streams of limit orders, market buys by turnover,
// market sells and cancels from a few users of a real market (BTCUSDT's decimals, unequal maker
// and taker fees) go through the order checks, the freeze, the engine and `settle`, exactly as the
// market writer runs them, with every posting applied to an in-memory ledger. After every command:
// each posting balances per asset, no user balance is below zero, every asset still sums to zero
// across all accounts, each user's frozen money is exactly what their resting orders hold at
// their prices, and each order's recorded frozen amount reaches zero once it is finished.
// Referral commission is paid on every fill as the writer pays it (users 2, 3 and 4 were each
// invited by the one before), and the fees account never pays out more than it collected.
// `SPOT_ENGINE_COMMANDS` runs one long seeded stream of that many commands (long profile).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baseAtoms,
  type OrderTerms,
  orderReservation,
  quoteAtoms,
} from '../../core/market/order-math.ts';
import { checkLimitOrder, checkMarketBuy, checkMarketSell } from '../../core/market/order-rules.ts';
import type { AccountRef } from '../../server/ledger/accounts.ts';
import type { Posting } from '../../server/ledger/post.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import type { Side } from '../../server/matching/events.ts';
import { OrderBook } from '../../server/matching/order-book.ts';
import { commissionPostings } from '../../server/referrals/commission.ts';
import { freezePosting, settle } from '../../server/spot/settlement.ts';
import { spotMarketOf } from '../../server/spot/spot-markets.ts';
import { seededRandom } from '../support/seeded-random.ts';

const btc = knownMarkets.find((spec) => spec.symbol === 'BTCUSDT');
if (!btc) throw new Error('BTCUSDT is not a known market');
const market = spotMarketOf(btc, 5n, { makerPpm: 1_000, takerPpm: 2_500 });
const userCount = 4;
const mid = 9_700_000; // 97000.00 in price units
/** Each user's inviters, nearest first, and the shares of the default REFERRAL_RATES. */
const inviters = new Map([
  [2, [1]],
  [3, [2, 1]],
  [4, [3, 2, 1]],
]);
const referralRates = [200_000, 100_000, 50_000];

type Command =
  | { type: 'limit'; user: number; side: Side; offset: number; lots: number }
  | { type: 'marketBuy'; user: number; turnover: number }
  | { type: 'marketSell'; user: number; lots: number }
  | { type: 'cancel'; pick: number };

const user = fc.integer({ min: 1, max: userCount });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      user,
      side: fc.constantFrom<Side>('buy', 'sell'),
      offset: fc.integer({ min: -2_000, max: 2_000 }),
      lots: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('marketBuy' as const),
      user,
      // Quote units (10^-7 USDT here): up to 2,000 USDT.
      turnover: fc.integer({ min: 1, max: 20_000_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('marketSell' as const),
      user,
      lots: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat() }) },
);

function randomCommand(next: () => number): Command {
  const roll = next() * 11;
  const who = 1 + Math.floor(next() * userCount);
  if (roll < 6) {
    return {
      type: 'limit',
      user: who,
      side: next() < 0.5 ? 'buy' : 'sell',
      offset: Math.floor(next() * 4_001) - 2_000,
      lots: 1 + Math.floor(next() * 5_000),
    };
  }
  if (roll < 7) return { type: 'marketBuy', user: who, turnover: 1 + Math.floor(next() * 2e10) };
  if (roll < 8) return { type: 'marketSell', user: who, lots: 1 + Math.floor(next() * 5_000) };
  return { type: 'cancel', pick: Math.floor(next() * 1e9) };
}

const keyOf = (ref: AccountRef) =>
  'user' in ref ? `u:${ref.user}:${ref.asset}` : `s:${ref.system}:${ref.asset}`;

/** Accounts as the ledger keeps them, and the rules `post()` enforces. */
class Ledger {
  readonly accounts = new Map<string, { available: bigint; frozen: bigint }>();

  constructor(funds: Record<string, bigint>) {
    for (let id = 1; id <= userCount; id++) {
      for (const [asset, amount] of Object.entries(funds)) {
        this.post({
          kind: 'deposit',
          reference: `deposit:${id}:${asset}`,
          legs: [
            {
              account: { system: 'external_deposits', asset },
              bucket: 'available',
              amount: -amount,
            },
            { account: { user: id, wallet: 'funding', asset }, bucket: 'available', amount },
          ],
        });
      }
    }
  }

  available(userId: number, asset: string): bigint {
    return this.accounts.get(`u:${userId}:${asset}`)?.available ?? 0n;
  }

  frozen(userId: number, asset: string): bigint {
    return this.accounts.get(`u:${userId}:${asset}`)?.frozen ?? 0n;
  }

  post(posting: Posting): void {
    const perAsset = new Map<string, bigint>();
    for (const leg of posting.legs) {
      const asset = leg.account.asset;
      perAsset.set(asset, (perAsset.get(asset) ?? 0n) + leg.amount);
      const key = keyOf(leg.account);
      const account = this.accounts.get(key) ?? { available: 0n, frozen: 0n };
      account[leg.bucket] += leg.amount;
      this.accounts.set(key, account);
      if ('user' in leg.account) {
        expect(
          account[leg.bucket],
          `${posting.reference} leaves ${key} below zero`,
        ).toBeGreaterThanOrEqual(0n);
      }
    }
    for (const [asset, total] of perAsset) {
      expect(total, `${posting.reference} balances in ${asset}`).toBe(0n);
    }
  }

  totals(): Map<string, bigint> {
    const totals = new Map<string, bigint>();
    for (const [key, { available, frozen }] of this.accounts) {
      const asset = key.split(':').at(-1) as string;
      totals.set(asset, (totals.get(asset) ?? 0n) + available + frozen);
    }
    return totals;
  }
}

/** One market writer's work without the database: check, freeze, match, settle, post. */
class SpotDesk {
  readonly book = new OrderBook(market.rules);
  readonly ledger = new Ledger({ USDT: 2_000_000_000_000n, BTC: 50_000_000n });
  readonly frozenByOrder = new Map<number, bigint>();
  readonly resting: number[] = [];
  readonly owner = new Map<number, number>();
  #nextId = 1;
  fills = 0;
  commissions = 0;

  run(cmd: Command): void {
    if (cmd.type === 'cancel') {
      this.#cancel(cmd.pick);
      return;
    }
    const order = this.#terms(cmd);
    if (!order) return;
    const paid = order.side === 'buy' ? market.quote : market.base;
    const reserved = orderReservation(order, market);
    // The server's post() refuses a freeze beyond the available balance; nothing happens.
    if (this.ledger.available(cmd.user, paid) < reserved) return;
    if (order.type === 'market') {
      const best = order.side === 'buy' ? this.book.bestAsk() : this.book.bestBid();
      if (best === 0) return;
      if ('quantity' in order && order.quantity * best < market.rules.minNotional) return;
    }
    const orderId = this.#nextId++;
    this.owner.set(orderId, cmd.user);
    const incoming = { ...order, userId: cmd.user, orderId };
    this.ledger.post(freezePosting(market, incoming, reserved));
    this.frozenByOrder.set(orderId, reserved);
    const count =
      order.type === 'limit'
        ? this.book.limit(orderId, cmd.user, order.side, order.price, order.quantity)
        : 'turnover' in order
          ? this.book.marketBuy(orderId, cmd.user, order.turnover)
          : this.book.marketSell(orderId, cmd.user, order.quantity);
    this.#settle(count, { order: incoming, reserved });
  }

  #terms(cmd: Exclude<Command, { type: 'cancel' }>): OrderTerms | null {
    const { rules } = market;
    if (cmd.type === 'limit') {
      const price = mid + cmd.offset * rules.tickSize;
      const quantity = cmd.lots * rules.lotSize;
      if (checkLimitOrder(rules, price, quantity) !== null) return null;
      return { type: 'limit', side: cmd.side, price, quantity };
    }
    if (cmd.type === 'marketBuy') {
      if (checkMarketBuy(rules, cmd.turnover) !== null) return null;
      return { type: 'market', side: 'buy', turnover: cmd.turnover };
    }
    const quantity = cmd.lots * rules.lotSize;
    if (checkMarketSell(rules, quantity) !== null) return null;
    return { type: 'market', side: 'sell', quantity };
  }

  #cancel(pick: number): void {
    const live = this.resting.filter((id) => this.book.order(id) !== undefined);
    this.resting.length = 0;
    this.resting.push(...live);
    const orderId = live[pick % Math.max(1, live.length)];
    if (orderId === undefined) return;
    const count = this.book.cancel(orderId, this.owner.get(orderId) ?? 0);
    this.#settle(count);
  }

  #settle(count: number, incoming?: Parameters<typeof settle>[0]['incoming']): void {
    const settlement = settle({
      market,
      events: this.book.events,
      count,
      ...(incoming ? { incoming } : {}),
      bestAskAfter: this.book.bestAsk(),
    });
    for (const posting of settlement.postings) this.ledger.post(posting);
    for (const posting of commissionPostings(market, settlement.fills, inviters, referralRates)) {
      this.ledger.post(posting);
      this.commissions++;
    }
    this.fills += settlement.fills.length;
    for (const change of settlement.changes.values()) {
      const frozen = (this.frozenByOrder.get(change.orderId) ?? 0n) + change.frozen;
      expect(frozen, `order ${change.orderId} frozen`).toBeGreaterThanOrEqual(0n);
      this.frozenByOrder.set(change.orderId, frozen);
      const finished = change.status === 'filled' || change.status === 'cancelled';
      if (finished) expect(frozen, `finished order ${change.orderId} holds nothing`).toBe(0n);
      if (change.status === 'open' || change.status === 'partially_filled') {
        if (!this.resting.includes(change.orderId)) this.resting.push(change.orderId);
      }
    }
  }

  check(): void {
    for (const [asset, total] of this.ledger.totals()) {
      expect(total, `${asset} sums to zero`).toBe(0n);
    }
    for (const asset of [market.quote, market.base]) {
      const kept = this.ledger.accounts.get(`s:fees:${asset}`)?.available ?? 0n;
      expect(kept, `fees in ${asset} never paid out beyond what came in`).toBeGreaterThanOrEqual(
        0n,
      );
    }
    // Frozen money is exactly what resting orders hold: price × remaining quote for a buy, the
    // remaining base for a sell.
    const held = new Map<string, bigint>();
    for (const side of ['buy', 'sell'] as const) {
      for (const order of this.book.restingOrders(side)) {
        const asset = side === 'buy' ? market.quote : market.base;
        const amount =
          side === 'buy'
            ? quoteAtoms(order.price * order.remaining, market)
            : baseAtoms(order.remaining, market);
        const key = `${order.userId}:${asset}`;
        held.set(key, (held.get(key) ?? 0n) + amount);
        expect(this.frozenByOrder.get(order.orderId)).toBe(amount);
      }
    }
    for (let id = 1; id <= userCount; id++) {
      for (const asset of [market.quote, market.base]) {
        expect(this.ledger.frozen(id, asset), `user ${id} ${asset} frozen`).toBe(
          held.get(`${id}:${asset}`) ?? 0n,
        );
      }
    }
  }
}

describe('spot settlement through the ledger', () => {
  const longRun = Number(process.env.SPOT_ENGINE_COMMANDS ?? 0);

  it.skipIf(longRun > 0)(
    'conserves every asset and never overdraws, for random streams',
    () => {
      let fills = 0;
      let commissions = 0;
      fc.assert(
        fc.property(fc.array(command, { minLength: 100, maxLength: 300 }), (commands) => {
          const desk = new SpotDesk();
          for (const cmd of commands) {
            desk.run(cmd);
            desk.check();
          }
          fills += desk.fills;
          commissions += desk.commissions;
        }),
        { numRuns: 100 },
      );
      // The streams really trade, so the fill postings are exercised.
      expect(fills).toBeGreaterThan(1_000);
      expect(commissions).toBeGreaterThan(100);
    },
    120_000,
  );

  it.runIf(longRun > 0)(
    `conserves every asset over ${longRun} seeded commands`,
    () => {
      const next = seededRandom(61);
      const desk = new SpotDesk();
      for (let i = 1; i <= longRun; i++) {
        desk.run(randomCommand(next));
        if (i % 1_000 === 0) desk.check();
      }
      desk.check();
      expect(desk.fills).toBeGreaterThan(longRun / 20);
    },
    3_600_000,
  );
});
