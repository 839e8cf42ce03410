// What a trader does to an open position, over real HTTP with prices the test sets: take-profit
// and stop-loss set at open and checked when changed (wrong side, beyond liquidation), isolated
// margin added and removed within what keeps the initial margin, leverage changed with the margin
// it needs, and a take-profit set off by the mark closing the position (`close_reason` `tp`).
// Refusals change nothing; the ledger check holds at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import type { ContractPosition } from '../../schemas/api/contract.schema.ts';
import type { ErrorName } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, ok } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';

const feed = new ManualFeed();
let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('BTCUSDT', '100000');
  server = await startInProcessServer(
    systemClock,
    { LIQUIDITY_PROVIDER: 'false', INDEX_STALE_SECONDS: '3600', INDEX_MAX_DEVIATION_PCT: '50' },
    undefined,
    { feeds: [feed] },
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const call = <T>(trader: SeededTrader, path: string, body: Record<string, string>) =>
  client().post<T>(path, body, {
    token: trader.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

async function positionOf(trader: SeededTrader): Promise<ContractPosition | undefined> {
  const answer = await client().get<{ list: ContractPosition[] }>(
    '/contract/positions',
    {},
    { token: trader.token },
  );
  return ok(answer).list[0];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const markIs = (price: string) =>
  until(
    async () =>
      ok(
        await client().get<{ list: { symbol: string; mark_price: string | null }[] }>(
          '/contract/markets',
        ),
      ).list.find((market) => market.symbol === 'BTCUSDT')?.mark_price,
    (mark) => mark === price,
  );

const atoms = (text: string) => parseAmount(text) ?? 0n;

describe('an open position', () => {
  it('takes TP/SL, margin and leverage changes within their rules, and its TP closes it', async () => {
    await markIs('100000.00');
    const [long, short] = await seedTraders(server.db, 2, 10_000n * 100_000_000n);
    if (!long || !short) throw new Error('no traders');
    const terms = { symbol: 'BTCUSDT', quantity: '0.1', leverage: '10' };
    ok(
      await call(short, '/contract/open', {
        ...terms,
        direction: 'short',
        type: 'limit',
        price: '100000',
        margin_mode: 'cross',
      }),
    );
    // A take-profit below the entry of a long is refused before anything is frozen.
    expectError(
      await call(long, '/contract/open', {
        ...terms,
        direction: 'long',
        type: 'market',
        margin_mode: 'isolated',
        tp_price: '90000',
      }),
      'take_profit_invalid',
    );
    ok(
      await call(long, '/contract/open', {
        ...terms,
        direction: 'long',
        type: 'market',
        margin_mode: 'isolated',
        tp_price: '110000',
        sl_price: '95000',
      }),
    );
    const opened = await positionOf(long);
    if (!opened) throw new Error('no position');
    expect(opened).toMatchObject({ tp_price: '110000.00', sl_price: '95000.00', margin: '1000' });
    const liquidation = Number(opened.liquidation_price);
    expect(liquidation).toBeGreaterThan(89_000);
    expect(liquidation).toBeLessThan(91_000);

    const id = String(opened.id);
    const refusals: [Record<string, string>, ErrorName][] = [
      [{ tp_price: '99000' }, 'take_profit_invalid'],
      [{ sl_price: '101000' }, 'stop_loss_invalid'],
      // Beyond the liquidation price: the position would be liquidated before it triggered.
      [{ sl_price: '85000' }, 'stop_loss_invalid'],
      [{ sl_price: '95000.001' }, 'price_off_tick'],
      [{ tp_price: '110000', quantity: '0.2' }, 'close_exceeds_position'],
      [{ tp_price: '110000', quantity: '0.000001' }, 'quantity_off_lot'],
    ];
    for (const [prices, error] of refusals) {
      expectError(await call(long, '/contract/tpsl', { position_id: id, ...prices }), error);
    }
    expectError(
      await call(short, '/contract/tpsl', { position_id: id, tp_price: '120000' }),
      'position_not_found',
    );
    expect(await positionOf(long)).toMatchObject({ tp_price: '110000.00', sl_price: '95000.00' });

    // Isolated margin: add, then remove no more than keeps the initial margin.
    const added = ok(
      await call<ContractPosition>(long, '/contract/margin', {
        position_id: id,
        action: 'add',
        amount: '250',
      }),
    );
    expect(added.margin).toBe('1250');
    expect(Number(added.liquidation_price)).toBeLessThan(liquidation);
    const tooMuch = await call(long, '/contract/margin', {
      position_id: id,
      action: 'remove',
      amount: '1000',
    });
    expectError(tooMuch, 'margin_remove_too_much');
    expect(tooMuch.body.msg).toContain('250');
    const removed = ok(
      await call<ContractPosition>(long, '/contract/margin', {
        position_id: id,
        action: 'remove',
        amount: '250',
      }),
    );
    expect(removed.margin).toBe('1000');
    const shortId = String((await positionOf(short))?.id);
    expectError(
      await call(short, '/contract/margin', { position_id: shortId, action: 'add', amount: '1' }),
      'margin_mode_cross',
    );

    // Cross leverage from 10× to 5×: the initial margin at 5× is frozen instead.
    const before = ok(
      await client().get<{ balances: { wallet: string; frozen: string }[] }>(
        '/wallet/balances',
        {},
        { token: short.token },
      ),
    ).balances.find((balance) => balance.wallet === 'contract');
    expect(before?.frozen).toBe('1000');
    expectError(
      await call(short, '/contract/leverage', { symbol: 'BTCUSDT', leverage: '126' }),
      'leverage_invalid',
    );
    ok(await call(short, '/contract/leverage', { symbol: 'BTCUSDT', leverage: '5' }));
    expect(await positionOf(short)).toMatchObject({ leverage: 5, margin: '2000' });

    // The mark rises to 105,000, so a bid at 110,000 is within its band (at most 1.05 × the
    // mark); the short bids there (closing itself); the mark reaches the long's take-profit.
    feed.print('BTCUSDT', '105000');
    await markIs('105000.00');
    ok(
      await call(short, '/contract/open', {
        symbol: 'BTCUSDT',
        quantity: '0.1',
        leverage: '5',
        direction: 'long',
        type: 'limit',
        price: '110000',
        margin_mode: 'cross',
      }),
    );
    feed.print('BTCUSDT', '110500');
    await until(positionOf.bind(null, long), (position) => position === undefined);
    const history = ok(
      await client().get<{ list: { id: number; close_reason: string; realized_pnl: string }[] }>(
        '/contract/history',
        {},
        { token: long.token },
      ),
    ).list;
    expect(history[0]).toMatchObject({ id: opened.id, close_reason: 'tp' });
    expect(atoms(history[0]?.realized_pnl ?? '0')).toBe(1000n * 100_000_000n);
    expect(await positionOf(short)).toBeUndefined();
    expect(await auditLedger(server.db)).toEqual([]);
  }, 120_000);
});
