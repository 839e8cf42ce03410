// The contract engine's writer per market, against its tables on both databases: two markets'
// orders that would together spend more than one cross wallet holds are never both taken; a cross
// position's liquidation counts the owner's position in the other market as that market's writer
// committed it, and cancels the owner's orders there. On PostgreSQL, a market whose batch the
// database holds does not hold another market's orders.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { maintenanceMargin, unrealizedPnl } from '../../core/contract/margin.ts';
import { asPosition } from '../../core/contract/position-book.ts';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import type { ContractEngine } from '../../server/contract/contract-engine.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import { signedAtoms } from '../../server/contract/contract-store.ts';
import type { Db } from '../../server/db/database.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { perpetual } from '../support/perpetuals.ts';
import { readyContractMarkets } from '../support/ready-writers.ts';
import { usdt } from '../support/writer-case.ts';
import { balanceOf, fundedUsers } from '../support/writer-fixtures.ts';

const btc = perpetual('BTCUSDT');
const eth = perpetual('ETHUSDT');

/** Both markets' writers, with a fresh mark each (quote atoms per coin). */
function twoMarkets(db: Db, marks: { btc: bigint; eth: bigint }): Promise<ContractEngine> {
  return readyContractMarkets(db, [
    { market: btc, mark: marks.btc },
    { market: eth, mark: marks.eth },
  ]);
}

function setMark(engine: ContractEngine, market: ContractMarket, price: bigint): void {
  engine.marks.set(market.symbol, { price, at: new Date(), fresh: true });
}

/** An order in the market's units: prices with two decimals, BTC quantities with five, ETH four. */
function order(
  userId: number,
  market: ContractMarket,
  side: 'buy' | 'sell',
  price: number,
  quantity: number,
  leverage: number,
): NewContractOrder {
  return {
    userId,
    symbol: market.symbol,
    side,
    type: 'limit',
    price,
    quantity,
    leverage,
    marginMode: 'cross',
    reduceOnly: false,
    purpose: 'user',
  };
}

const refusal = (error: unknown) =>
  error instanceof BusinessError ? error.errorName : String(error);

describe.each(await eachDatabase())('a writer per perpetual market, on %s', (...databaseCase) => {
  const { skip, opened } = databaseOn(databaseCase);
  const postgres = databaseCase[0] === 'PostgreSQL';

  it.skipIf(skip)(
    'takes only one of two orders in two markets that one cross wallet cannot both back',
    async () => {
      const { db } = opened();
      const engine = await twoMarkets(db, { btc: 100_000n * usdt, eth: 3_000n * usdt });
      const [trader] = await fundedUsers(db, 1, [
        { wallet: 'contract', asset: 'USDT', amount: 100n * usdt },
      ]);
      if (trader === undefined) throw new Error('no trader');
      // Each rests 1 % under the mark and holds about 59.7 USDT at 10×: one fits, not both.
      const sent = await Promise.allSettled([
        engine.open(order(trader, btc, 'buy', 9_900_000, 600, 10)),
        engine.open(order(trader, eth, 'buy', 297_000, 2_000, 10)),
      ]);
      const taken = sent.filter((result) => result.status === 'fulfilled');
      const refused = sent.flatMap((result) =>
        result.status === 'rejected' ? [refusal(result.reason)] : [],
      );
      expect(taken).toHaveLength(1);
      expect(refused).toEqual(['margin_insufficient']);
      const wallet = await balanceOf(db, trader, 'contract', 'USDT');
      expect(wallet.available).toBeGreaterThanOrEqual(0n);
      expect(wallet.available + wallet.frozen).toBe(100n * usdt);
      expect(wallet.frozen).toBeGreaterThan(59n * usdt);
      expect(await auditLedger(db)).toEqual([]);
    },
    120_000,
  );

  it.skipIf(skip)(
    "liquidates a cross position on the owner's committed position in the other market, and cancels the owner's orders there",
    async () => {
      const { db } = opened();
      const engine = await twoMarkets(db, { btc: 100_000n * usdt, eth: 3_000n * usdt });
      const [maker] = await fundedUsers(db, 1, [
        { wallet: 'contract', asset: 'USDT', amount: 10_000n * usdt },
      ]);
      const [trader] = await fundedUsers(db, 1, [
        { wallet: 'contract', asset: 'USDT', amount: 120n * usdt },
      ]);
      if (maker === undefined || trader === undefined) throw new Error('no users');
      await engine.open(order(maker, btc, 'sell', 10_000_000, 1_000, 20));
      await engine.open(order(maker, eth, 'sell', 300_000, 1_000, 20));
      // A long of 0.01 BTC and one of 0.1 ETH at 20×, and a resting ETH buy.
      expect((await engine.open(order(trader, btc, 'buy', 10_000_000, 1_000, 20))).status).toBe(
        'filled',
      );
      expect((await engine.open(order(trader, eth, 'buy', 300_000, 1_000, 20))).status).toBe(
        'filled',
      );
      const resting = await engine.open(order(trader, eth, 'buy', 290_000, 100, 20));
      expect(resting.status).toBe('open');

      // BTC falls 6 %: its loss alone leaves the position well backed.
      setMark(engine, btc, 94_000n * usdt);
      await engine.refile('cross');
      expect((await engine.liquidateReached(btc.symbol)) ?? []).toEqual([]);

      // ETH falls 20 % too: its loss, in the other writer's market, takes the BTC position under.
      setMark(engine, eth, 2_400n * usdt);
      await engine.refile('cross');
      const position = engine.state.positionOf(trader, btc.symbol);
      const other = engine.state.positionOf(trader, eth.symbol);
      if (!position || !other) throw new Error('the positions are not open');
      // What the liquidation's batch reads: the wallet, and the ETH position as committed.
      const wallet = await balanceOf(db, trader, 'contract', 'USDT');
      expect(await engine.liquidateReached(btc.symbol)).toEqual([position.id]);

      const { rows } = await sql<{ backing: string }>`
        select backing::text from contract_liquidations where position_id = ${position.id}`.execute(
        db,
      );
      const ethMark = 2_400n * usdt;
      expect(signedAtoms(rows[0]?.backing ?? '')).toBe(
        wallet.available +
          wallet.frozen +
          unrealizedPnl(asPosition(other), ethMark) -
          maintenanceMargin(eth.brackets, other.quantity, ethMark),
      );

      await engine.idle();
      const { rows: orders } = await sql<{ status: string; cancel_reason: string | null }>`
        select status, cancel_reason from contract_orders where id = ${resting.id}`.execute(db);
      expect(orders[0]).toEqual({ status: 'cancelled', cancel_reason: 'liquidation' });
      expect(engine.state.ordersOf(trader)).toEqual([]);
      expect(await auditLedger(db)).toEqual([]);
    },
    120_000,
  );

  it.skipIf(skip || !postgres)(
    "answers one market's order while the database holds another market's batch",
    async () => {
      const { db } = opened();
      const engine = await twoMarkets(db, { btc: 100_000n * usdt, eth: 3_000n * usdt });
      const [maker, taker, other] = await fundedUsers(db, 3, [
        { wallet: 'contract', asset: 'USDT', amount: 10_000n * usdt },
      ]);
      if (maker === undefined || taker === undefined || other === undefined) {
        throw new Error('no users');
      }
      const ask = await engine.open(order(maker, btc, 'sell', 10_000_000, 100, 10));
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // The resting ask's row, locked: the BTC batch that fills it waits for it.
      const holding = db.transaction().execute(async (trx) => {
        await sql`select id from contract_orders where id = ${ask.id} for update`.execute(trx);
        locked();
        await released;
      });
      await lockTaken;
      let btcAnswered = false;
      const crossing = engine.open(order(taker, btc, 'buy', 10_000_000, 100, 10)).finally(() => {
        btcAnswered = true;
      });
      try {
        const ethOrder = await engine.open(order(other, eth, 'buy', 297_000, 1_000, 10));
        expect(ethOrder.status).toBe('open');
        expect(btcAnswered).toBe(false);
      } finally {
        release();
        await holding;
      }
      expect((await crossing).status).toBe('filled');
      expect(await auditLedger(db)).toEqual([]);
    },
    120_000,
  );
});
