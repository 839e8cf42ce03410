// What an order must satisfy before it is admitted, over real HTTP, on a server without the
// liquidity provider so every book holds only what the test put there: a stop-loss that could not
// protect the position it opens is refused at open as `/contract/tpsl` refuses it (past the
// liquidation price, or above the price a limit long above the ask actually enters at); a limit
// price far off the mark or the index is refused with the range it may have; a price on a market
// order is refused naming it, not ignored. Each refusal names its field and leaves the wallets,
// the order lists and the book as they were; a take-profit and stop-loss that can protect are
// still taken. Runs on the embedded database and, when one answers, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  ContractMarket,
  ContractOrder,
  ContractPosition,
} from '../../schemas/api/contract.schema.ts';
import type { ErrorName } from '../../schemas/errors.ts';
import type { FieldName } from '../../schemas/fields.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';

describe.each(await eachDatabase())('order admission, on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, { LIQUIDITY_PROVIDER: 'false' });

  const client = () => new ApiClient(server().url);

  async function trader(usdt: string, wallet: 'contract' | 'funding' = 'contract') {
    const user = await registerUser(client(), server().dataDir);
    await creditUser(server().db, user.userId, 'USDT', usdt);
    if (wallet === 'contract') {
      const moved = await client().post(
        '/wallet/transfer',
        { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt },
        { token: user.token, headers: { 'idempotency-key': randomUUID() } },
      );
      expectOk(moved);
    }
    return user;
  }
  type Trader = Awaited<ReturnType<typeof trader>>;

  const send = <T>(user: Trader, path: string, body: Record<string, unknown>) =>
    client().post<T>(
      path,
      Object.fromEntries(Object.entries(body).map(([field, value]) => [field, String(value)])),
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );

  function ok<T>(answer: Answer<T>): T {
    expectOk(answer);
    return answer.body.data;
  }

  /** A refusal with its code, naming `field`, and its message in English. */
  function refused(answer: Answer, error: ErrorName, field: FieldName): string {
    expectError(answer, error);
    // The envelope names the field a refusal is about (schemas/envelope.schema.ts).
    expect((answer.body as { field?: string }).field).toBe(field);
    return answer.body.msg;
  }

  /** The market once its first mark is recorded (the recorder runs once a second). */
  async function marked(symbol: string): Promise<ContractMarket & { mark_price: string }> {
    for (;;) {
      const answer = await client().get<{ list: ContractMarket[] }>('/contract/markets');
      const found = ok(answer).list.find((candidate) => candidate.symbol === symbol);
      if (found?.mark_price) return found as ContractMarket & { mark_price: string };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** `mark × (1 + thousandths / 1000)` on the market's tick. */
  function near(found: ContractMarket & { mark_price: string }, thousandths: number): string {
    const scale = found.price_scale;
    const units = BigInt(found.mark_price.replace('.', ''));
    const moved = (units * BigInt(1000 + thousandths)) / 1000n;
    const text = moved.toString().padStart(scale + 1, '0');
    return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  }

  /**
   * What a user could see change: every balance that holds anything, their orders and positions.
   * (A spot market's writer opens an empty account of the market's assets for whoever sends it a
   * command: it holds nothing, so it is left out.)
   */
  async function footprint(user: Trader) {
    const get = <T>(path: string, query: Record<string, string> = {}) =>
      client().get<T>(path, query, { token: user.token });
    type Balance = { available: string; frozen: string };
    return {
      balances: ok(await get<{ balances: Balance[] }>('/wallet/balances')).balances.filter(
        (balance) => balance.available !== '0' || balance.frozen !== '0',
      ),
      current: ok(await get<{ list: ContractOrder[] }>('/contract/orders', { status: 'current' }))
        .list,
      history: ok(await get<{ list: ContractOrder[] }>('/contract/orders', { status: 'history' }))
        .list,
      positions: ok(await get<{ list: ContractPosition[] }>('/contract/positions')).list,
      spot: ok(await get<{ list: unknown[] }>('/spot/orders', { status: 'history' })).list,
    };
  }

  /**
   * A maker resting a sell of `quantity` at the mark: the ask a long meets. Each test trades its
   * own market, so no order another test left resting stands in front of it.
   */
  async function askAtMark(symbol: string, quantity: string) {
    const perpetual = await marked(symbol);
    const maker = await trader('100000');
    const ask = near(perpetual, 0);
    ok(
      await send<ContractOrder>(maker, '/contract/open', {
        symbol,
        direction: 'short',
        type: 'limit',
        price: ask,
        quantity,
        leverage: 10,
        margin_mode: 'isolated',
      }),
    );
    return { perpetual, maker, ask };
  }

  it.skipIf(skip)(
    'refuses a 10× long whose stop-loss of 1 lies past its liquidation price',
    async () => {
      const { maker } = await askAtMark('BTCUSDT', '0.01');
      const user = await trader('1000');
      const before = { user: await footprint(user), maker: await footprint(maker) };
      const long = {
        symbol: 'BTCUSDT',
        direction: 'long',
        quantity: '0.01',
        leverage: 10,
        margin_mode: 'isolated',
        sl_price: '1',
      };
      refused(
        await send(user, '/contract/open', { ...long, type: 'market' }),
        'stop_loss_invalid',
        'sl_price',
      );
      expect({ user: await footprint(user), maker: await footprint(maker) }).toEqual(before);
      expect(await auditLedger(server().db)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'refuses a limit long above the ask whose stop-loss lies between the ask and its limit',
    async () => {
      const { perpetual, maker } = await askAtMark('ETHUSDT', '0.1');
      const user = await trader('1000');
      const before = { user: await footprint(user), maker: await footprint(maker) };
      const order = {
        symbol: 'ETHUSDT',
        direction: 'long',
        type: 'limit',
        // 2 % above the ask: it trades at the ask, so a stop-loss at +1 % would sit above its entry.
        price: near(perpetual, 20),
        quantity: '0.1',
        leverage: 10,
        margin_mode: 'isolated',
      };
      const stop = near(perpetual, 10);
      refused(
        await send(user, '/contract/open', { ...order, sl_price: stop }),
        'stop_loss_invalid',
        'sl_price',
      );
      expect({ user: await footprint(user), maker: await footprint(maker) }).toEqual(before);

      // The same order without it fills at the ask; `/contract/tpsl` refuses the same stop-loss.
      const filled = ok(await send<ContractOrder>(user, '/contract/open', order));
      expect(filled).toMatchObject({ status: 'filled', avg_price: near(perpetual, 0) });
      const [position] = ok(
        await client().get<{ list: ContractPosition[] }>(
          '/contract/positions',
          {},
          { token: user.token },
        ),
      ).list;
      if (!position) throw new Error('no position');
      refused(
        await send(user, '/contract/tpsl', { position_id: position.id, sl_price: stop }),
        'stop_loss_invalid',
        'sl_price',
      );
    },
  );

  it.skipIf(skip)('still takes a take-profit and a stop-loss that can protect', async () => {
    const { perpetual } = await askAtMark('SOLUSDT', '1');
    const user = await trader('1000');
    const tp = near(perpetual, 100);
    const sl = near(perpetual, -30);
    const filled = ok(
      await send<ContractOrder>(user, '/contract/open', {
        symbol: 'SOLUSDT',
        direction: 'long',
        type: 'market',
        quantity: '1',
        leverage: 10,
        margin_mode: 'isolated',
        tp_price: tp,
        sl_price: sl,
      }),
    );
    expect(filled.status).toBe('filled');
    const [position] = (await footprint(user)).positions;
    expect(position).toMatchObject({ tp_price: tp, sl_price: sl });
  });

  it.skipIf(skip)(
    'refuses a perpetual limit far off the mark with the range it may have',
    async () => {
      const { maker } = await askAtMark('LTCUSDT', '0.1');
      const perpetual = await marked('LTCUSDT');
      const user = await trader('1000');
      const before = { user: await footprint(user), maker: await footprint(maker) };
      const long = {
        symbol: 'LTCUSDT',
        direction: 'long',
        type: 'limit',
        quantity: '0.2',
        leverage: 10,
        margin_mode: 'isolated',
      };
      for (const price of [near(perpetual, 99_000), near(perpetual, 1000), near(perpetual, 60)]) {
        const msg = refused(
          await send(user, '/contract/open', { ...long, price }),
          'price_outside_band',
          'price',
        );
        expect(msg).toMatch(/^The price must be between [\d.]+ and [\d.]+ now/);
      }
      // A sell below 0.95 × the mark too; a bid far below it only rests, and is taken.
      refused(
        await send(user, '/contract/open', {
          ...long,
          direction: 'short',
          price: near(perpetual, -60),
        }),
        'price_outside_band',
        'price',
      );
      expect({ user: await footprint(user), maker: await footprint(maker) }).toEqual(before);
      const resting = ok(
        await send<ContractOrder>(user, '/contract/open', {
          ...long,
          price: near(perpetual, -500),
        }),
      );
      expect(resting.status).toBe('open');
    },
  );

  it.skipIf(skip)('refuses a price on a market order, naming it, on both calls', async () => {
    const { maker } = await askAtMark('BTCUSDT', '0.01');
    const user = await trader('1000');
    const before = { user: await footprint(user), maker: await footprint(maker) };
    refused(
      await send(user, '/contract/open', {
        symbol: 'BTCUSDT',
        direction: 'long',
        type: 'market',
        price: '100000.123456789',
        quantity: '0.01',
        leverage: 10,
        margin_mode: 'isolated',
      }),
      'field_not_applicable',
      'price',
    );
    refused(
      await send(user, '/contract/close', { position_id: 1, type: 'market', price: '1' }),
      'field_not_applicable',
      'price',
    );
    expect({ user: await footprint(user), maker: await footprint(maker) }).toEqual(before);
  });

  it.skipIf(skip)(
    'refuses on spot a limit far off the index and an amount the order does not take',
    async () => {
      const user = await trader('1000', 'funding');
      const before = await footprint(user);
      const msg = refused(
        await send(user, '/spot/order', {
          symbol: 'ETHUSDT',
          side: 'buy',
          type: 'limit',
          price: '1',
          quantity: '10',
        }),
        'price_outside_band',
        'price',
      );
      expect(msg).toMatch(/^The price must be between [\d.]+ and [\d.]+ now/);
      const cases: [Record<string, string>, FieldName][] = [
        [{ side: 'buy', type: 'market', turnover: '50', price: '3000.123456789' }, 'price'],
        [{ side: 'sell', type: 'market', quantity: '0.01', price: '3000' }, 'price'],
        [{ side: 'buy', type: 'market', turnover: '50', quantity: '0.01' }, 'quantity'],
        [
          { side: 'buy', type: 'limit', price: '3000', quantity: '0.01', turnover: '50' },
          'turnover',
        ],
      ];
      for (const [order, field] of cases) {
        refused(
          await send(user, '/spot/order', { symbol: 'ETHUSDT', ...order }),
          'field_not_applicable',
          field,
        );
      }
      expect(await footprint(user)).toEqual(before);
      expect(await auditLedger(server().db)).toEqual([]);
    },
  );
});
