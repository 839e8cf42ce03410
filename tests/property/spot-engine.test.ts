// Differential test of the spot matching engine: random streams of limit orders, market buys by
// turnover, market sells by quantity and cancels from a few users (so self-trade prevention is
// hit often) go to the engine and to a naive reference book. Both must answer with the same
// events (fills with maker, taker, price, quantity and quote; rests; cancels, self-trade ones
// included; rejections), keep the same resting orders in the same order, and move the same base
// and quote per user, which sums to zero across users. `SPOT_ENGINE_COMMANDS` runs one long
// seeded stream of that many commands instead (long profile).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarketRules } from '../../core/market/order-rules.ts';
import type { EngineEvent, Side } from '../../server/matching/events.ts';
import { OrderBook } from '../../server/matching/order-book.ts';
import { NaiveBook } from '../support/naive-book.ts';
import { seededRandom } from '../support/seeded-random.ts';

const rules: MarketRules = {
  tickSize: 5,
  lotSize: 10,
  minNotional: 10_000,
  maxPrice: 1_000_000,
  maxQuantity: 1_000_000,
};
const userCount = 4;

type Command =
  | { type: 'limit'; user: number; side: Side; ticks: number; lots: number; skew: number }
  | { type: 'marketBuy'; user: number; turnover: number }
  | { type: 'marketSell'; user: number; lots: number; skew: number }
  | { type: 'cancel'; pick: number; otherUser: boolean }
  | { type: 'duplicate'; pick: number };

const user = fc.integer({ min: 1, max: userCount });
// `skew` 0 is a well-formed value; 1..3 put it off the tick or lot, or to zero, or negative.
const skew = fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 3 }));
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      user,
      side: fc.constantFrom<Side>('buy', 'sell'),
      ticks: fc.integer({ min: 90, max: 110 }),
      lots: fc.integer({ min: 1, max: 30 }),
      skew,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('marketBuy' as const),
      user,
      // Sometimes exactly the cost of whole lots at a book price: the edge of the lot rounding.
      turnover: fc.oneof(
        fc.integer({ min: 0, max: 200_000 }),
        fc
          .tuple(fc.integer({ min: 90, max: 110 }), fc.integer({ min: 1, max: 40 }))
          .map(([ticks, lots]) => ticks * rules.tickSize * lots * rules.lotSize),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('marketSell' as const),
      user,
      lots: fc.integer({ min: 1, max: 60 }),
      skew,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('cancel' as const),
      pick: fc.nat(),
      otherUser: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('duplicate' as const), pick: fc.nat() }) },
);

function skewed(value: number, step: number, by: number): number {
  if (by === 1) return value + Math.max(1, step - 1);
  if (by === 2) return 0;
  if (by === 3) return -value;
  return value;
}

/** Plays one stream on both books, comparing after each command; `checkBookEvery` steps the deep check. */
class Duel {
  readonly engine = new OrderBook(rules);
  readonly naive = new NaiveBook(rules);
  private readonly issued: { orderId: number; userId: number }[] = [];
  private nextId = 1;
  readonly base = new Map<number, number>();
  readonly quote = new Map<number, number>();
  readonly naiveBase = new Map<number, number>();
  readonly naiveQuote = new Map<number, number>();
  fills = 0;
  selfTrades = 0;

  play(cmd: Command, step: number, checkBookEvery: number): void {
    const [ours, theirs] = this.apply(cmd);
    expect(ours, `command ${step}: ${JSON.stringify(cmd)}`).toEqual(theirs);
    this.settle(ours, this.base, this.quote);
    this.settle(theirs, this.naiveBase, this.naiveQuote);
    for (const e of ours) {
      if (e.kind === 'fill') this.fills++;
      if (e.reason === 'self_trade') this.selfTrades++;
    }
    if (step % checkBookEvery === 0) this.checkBooks();
  }

  checkBooks(): void {
    for (const side of ['buy', 'sell'] as const) {
      expect(this.engine.restingOrders(side)).toEqual(this.naive.restingOrders(side));
    }
    const bestBid = this.naive.restingOrders('buy')[0]?.price ?? 0;
    const bestAsk = this.naive.restingOrders('sell')[0]?.price ?? 0;
    expect([this.engine.bestBid(), this.engine.bestAsk()]).toEqual([bestBid, bestAsk]);
    if (bestBid !== 0 && bestAsk !== 0) expect(bestBid).toBeLessThan(bestAsk);
    expect(this.engine.orderCount).toBe(
      this.naive.restingOrders('buy').length + this.naive.restingOrders('sell').length,
    );
  }

  checkBalances(): void {
    expect(this.base).toEqual(this.naiveBase);
    expect(this.quote).toEqual(this.naiveQuote);
    const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(sum(this.base)).toBe(0);
    expect(sum(this.quote)).toBe(0);
  }

  private apply(cmd: Command): [EngineEvent[], EngineEvent[]] {
    const e = this.engine;
    const n = this.naive;
    switch (cmd.type) {
      case 'limit': {
        const id = this.issue(cmd.user);
        const price = skewed(cmd.ticks * rules.tickSize, rules.tickSize, cmd.skew);
        const quantity = cmd.lots * rules.lotSize;
        return [
          this.drain(e.limit(id, cmd.user, cmd.side, price, quantity)),
          n.limit(id, cmd.user, cmd.side, price, quantity),
        ];
      }
      case 'marketBuy': {
        const id = this.issue(cmd.user);
        return [
          this.drain(e.marketBuy(id, cmd.user, cmd.turnover)),
          n.marketBuy(id, cmd.user, cmd.turnover),
        ];
      }
      case 'marketSell': {
        const id = this.issue(cmd.user);
        const quantity = skewed(cmd.lots * rules.lotSize, rules.lotSize, cmd.skew);
        return [
          this.drain(e.marketSell(id, cmd.user, quantity)),
          n.marketSell(id, cmd.user, quantity),
        ];
      }
      case 'cancel': {
        // Mostly recent orders (often still resting), sometimes one that never existed.
        const recent = this.issued.slice(-200);
        const target = recent[cmd.pick % (recent.length + 1)] ?? {
          orderId: 999_999_999,
          userId: 1,
        };
        const userId = cmd.otherUser ? (target.userId % userCount) + 1 : target.userId;
        return [this.drain(e.cancel(target.orderId, userId)), n.cancel(target.orderId, userId)];
      }
      case 'duplicate': {
        const recent = this.issued.slice(-50);
        const target = recent[cmd.pick % Math.max(1, recent.length)] ?? { orderId: 1, userId: 1 };
        const price = 100 * rules.tickSize;
        const quantity = 30 * rules.lotSize;
        return [
          this.drain(e.limit(target.orderId, target.userId, 'buy', price, quantity)),
          n.limit(target.orderId, target.userId, 'buy', price, quantity),
        ];
      }
    }
  }

  private issue(userId: number): number {
    const orderId = this.nextId++;
    this.issued.push({ orderId, userId });
    if (this.issued.length > 1000) this.issued.splice(0, 500);
    return orderId;
  }

  /** Copies the engine's reused event objects out before the next command overwrites them. */
  private drain(count: number): EngineEvent[] {
    return this.engine.events.slice(0, count).map((event) => ({ ...event }));
  }

  private settle(events: EngineEvent[], base: Map<number, number>, quote: Map<number, number>) {
    const add = (m: Map<number, number>, key: number, by: number) =>
      m.set(key, (m.get(key) ?? 0) + by);
    for (const e of events) {
      if (e.kind !== 'fill') continue;
      const sign = e.side === 'buy' ? 1 : -1;
      add(base, e.userId, sign * e.quantity);
      add(quote, e.userId, -sign * e.quote);
      add(base, e.makerUserId, -sign * e.quantity);
      add(quote, e.makerUserId, sign * e.quote);
    }
  }
}

function randomCommand(next: () => number): Command {
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const skewOf = () => (next() < 0.92 ? 0 : int(1, 3));
  const roll = next() * 13;
  const u = int(1, userCount);
  if (roll < 6) {
    const side: Side = next() < 0.5 ? 'buy' : 'sell';
    return { type: 'limit', user: u, side, ticks: int(90, 110), lots: int(1, 30), skew: skewOf() };
  }
  if (roll < 7) {
    const exact = int(90, 110) * rules.tickSize * int(1, 40) * rules.lotSize;
    return { type: 'marketBuy', user: u, turnover: next() < 0.5 ? exact : int(0, 200_000) };
  }
  if (roll < 8) return { type: 'marketSell', user: u, lots: int(1, 60), skew: skewOf() };
  if (roll < 12) return { type: 'cancel', pick: int(0, 1_000_000), otherUser: next() < 0.1 };
  return { type: 'duplicate', pick: int(0, 1_000_000) };
}

const longCommands = Number(process.env.SPOT_ENGINE_COMMANDS ?? 0);

describe('spot engine against a naive reference book', () => {
  // The long profile replaces the short runs rather than adding to them.
  const short = longCommands > 0 ? it.skip : it;
  const long = longCommands > 0 ? it : undefined;

  short('agrees on events, books and balances for random streams', () => {
    let fills = 0;
    let selfTrades = 0;
    fc.assert(
      fc.property(fc.array(command, { maxLength: 200, size: 'max' }), (commands) => {
        const duel = new Duel();
        commands.forEach((cmd, step) => {
          duel.play(cmd, step, 1);
        });
        duel.checkBooks();
        duel.checkBalances();
        fills += duel.fills;
        selfTrades += duel.selfTrades;
      }),
      { numRuns: 200 },
    );
    // The streams really trade and really hit self-trade prevention.
    expect(fills).toBeGreaterThan(1000);
    expect(selfTrades).toBeGreaterThan(50);
  });

  long?.(
    `agrees over one stream of ${longCommands} commands`,
    () => {
      const next = seededRandom(Number(process.env.SPOT_ENGINE_SEED ?? 6));
      const duel = new Duel();
      for (let step = 1; step <= longCommands; step++) {
        duel.play(randomCommand(next), step, 1000);
      }
      duel.checkBooks();
      duel.checkBalances();
      expect(duel.fills).toBeGreaterThan(longCommands / 10);
    },
    3_600_000,
  );
});
