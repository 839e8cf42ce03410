// Perpetual contracts over real HTTP, on a server without the liquidity provider so every book
// holds only what the test put there: a limit order holds its cost, a fill opens a long and a
// short at the same price with their initial margins frozen, the positions show the formulas of
// core/contract, closing realizes PnL through the clearing account, bad requests change nothing,
// retries execute once, another user's position is answered as missing, and the ledger check
// (with the contract reservations) holds throughout.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialMargin, notional } from '../../core/contract/margin.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type {
  ContractMarket,
  ContractOrder,
  ContractPosition,
} from '../../schemas/api/contract.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk, ok } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, { LIQUIDITY_PROVIDER: 'false' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function trader(usdt: string, extra: Record<string, string> = {}) {
  const user = await registerUser(client(), server.dataDir, extra);
  await creditUser(server.db, user.userId, 'USDT', usdt);
  const moved = await client().post(
    '/wallet/transfer',
    { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt },
    { token: user.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expectOk(moved);
  return user;
}
type Trader = Awaited<ReturnType<typeof trader>>;

const send = <T>(
  user: Trader,
  path: string,
  body: Record<string, unknown>,
  key: string = randomUUID(),
) =>
  client().post<T>(
    path,
    Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)])),
    { token: user.token, headers: { 'idempotency-key': key } },
  );

const open = (user: Trader, body: Record<string, unknown>, key?: string) =>
  send<ContractOrder>(user, '/contract/open', body, key);

async function market(symbol: string): Promise<ContractMarket> {
  const answer = await client().get<{ list: ContractMarket[] }>('/contract/markets');
  const found = ok(answer).list.find((candidate) => candidate.symbol === symbol);
  if (!found) throw new Error(`${symbol} is not listed`);
  return found;
}

/** The market once its first mark is recorded (the recorder runs once a second). */
async function marked(symbol: string): Promise<ContractMarket & { mark_price: string }> {
  for (;;) {
    const found = await market(symbol);
    if (found.mark_price !== null) return found as ContractMarket & { mark_price: string };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function positions(user: Trader): Promise<ContractPosition[]> {
  return ok(
    await client().get<{ list: ContractPosition[] }>(
      '/contract/positions',
      {},
      { token: user.token },
    ),
  ).list;
}

async function contractWallet(user: Trader): Promise<{ available: string; frozen: string }> {
  const answer = await client().get<{
    balances: { wallet: string; asset: string; available: string; frozen: string }[];
  }>('/wallet/balances', {}, { token: user.token });
  const found = ok(answer).balances.find((b) => b.wallet === 'contract' && b.asset === 'USDT');
  return { available: found?.available ?? '0', frozen: found?.frozen ?? '0' };
}

const atoms = (text: string) => {
  const negative = text.startsWith('-');
  const value = parseAmount(negative ? text.slice(1) : text) ?? 0n;
  return negative ? -value : value;
};

/** A price on the market's tick, `offset` ticks away from the mark. */
function priceNear(found: ContractMarket & { mark_price: string }, offset: number): string {
  const scale = found.price_scale;
  const units = BigInt(found.mark_price.replace('.', '')) + BigInt(offset);
  const text = units.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

describe('perpetual contracts', () => {
  it('lists each perpetual with its rules, brackets, mark and funding time', async () => {
    const btc = await marked('BTCUSDT');
    expect(btc).toMatchObject({ tick_size: '0.01', lot_size: '0.00001', max_leverage: 125 });
    expect(btc.brackets[0]).toEqual({
      notional_cap: '50000',
      max_leverage: 125,
      maintenance_rate: '0.004',
      maintenance_amount: '0',
    });
    expect(btc.brackets[1]?.maintenance_amount).toBe('50');
    expect(Date.parse(btc.next_funding_time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('opens a long against a short at the maker price, each with its initial margin frozen', async () => {
    const btc = await marked('BTCUSDT');
    const [long, short] = [await trader('1000'), await trader('1000')];
    const price = priceNear(btc, 0);
    const resting = ok(
      await open(long, {
        symbol: 'BTCUSDT',
        direction: 'long',
        type: 'limit',
        price,
        quantity: '0.01',
        leverage: 10,
        margin_mode: 'isolated',
      }),
    );
    expect(resting).toMatchObject({ status: 'open', reduce_only: false, leverage: 10 });
    // The hold is the order's cost: margin, any open loss, and the taker fee at most.
    expect(atoms((await contractWallet(long)).frozen)).toBeGreaterThan(0n);

    const taker = ok(
      await open(short, {
        symbol: 'BTCUSDT',
        direction: 'short',
        type: 'market',
        quantity: '0.01',
        leverage: 20,
        margin_mode: 'cross',
      }),
    );
    expect(taker).toMatchObject({ status: 'filled', avg_price: price, filled_quantity: '0.01000' });

    const [mine] = await positions(long);
    expect(mine).toMatchObject({
      symbol: 'BTCUSDT',
      direction: 'long',
      margin_mode: 'isolated',
      leverage: 10,
      quantity: '0.01000',
      entry_price: price,
      margin: displayAmount(initialMargin(1_000_000n, atoms(price), 10)),
    });
    expect(mine?.liquidation_price).not.toBeNull();
    const [theirs] = await positions(short);
    expect(theirs).toMatchObject({ direction: 'short', margin_mode: 'cross', leverage: 20 });
    expect(theirs?.margin).toBe(displayAmount(initialMargin(1_000_000n, atoms(price), 20)));
    // Each wallet holds exactly its position's margin frozen; the fees went to the fee account.
    expect((await contractWallet(long)).frozen).toBe(mine?.margin);
    expect((await contractWallet(short)).frozen).toBe(theirs?.margin);
    expect(await auditLedger(server.db)).toEqual([]);
  });

  it('closes part and then the rest, realizing the PnL of each part', async () => {
    const btc = await marked('BTCUSDT');
    const [a, b] = [await trader('2000'), await trader('2000')];
    const openAt = priceNear(btc, 0);
    const opening = { symbol: 'BTCUSDT', quantity: '0.02', leverage: 5, margin_mode: 'cross' };
    ok(await open(a, { ...opening, direction: 'long', type: 'limit', price: openAt }));
    ok(await open(b, { ...opening, direction: 'short', type: 'market' }));
    const [position] = await positions(a);
    if (!position) throw new Error('no position');

    // b bids above the entry (reducing its short); a sells half into it and makes the difference.
    const closeAt = priceNear(btc, 500);
    ok(
      await open(b, {
        ...opening,
        quantity: '0.01',
        direction: 'long',
        type: 'limit',
        price: closeAt,
      }),
    );
    const half = ok(
      await send<ContractOrder>(a, '/contract/close', {
        position_id: position.id,
        type: 'market',
        quantity: '0.01',
      }),
    );
    const gain = notional(1_000_000n, atoms(closeAt)) - notional(1_000_000n, atoms(openAt));
    expect(half).toMatchObject({ status: 'filled', reduce_only: true, avg_price: closeAt });
    expect(atoms(half.realized_pnl)).toBe(gain);
    const [left] = await positions(a);
    expect(left).toMatchObject({ id: position.id, quantity: '0.01000' });

    // The rest closes against b's position: a limit close at the entry, b's market buy takes it.
    ok(
      await send(a, '/contract/close', { position_id: position.id, type: 'limit', price: openAt }),
    );
    ok(await open(b, { ...opening, quantity: '0.01', direction: 'long', type: 'market' }));
    expect(await positions(a)).toEqual([]);
    const history = ok(
      await client().get<{ list: { id: number; realized_pnl: string; close_reason: string }[] }>(
        '/contract/history',
        {},
        { token: a.token },
      ),
    ).list;
    expect(history[0]).toMatchObject({ id: position.id, close_reason: 'user' });
    expect(atoms(history[0]?.realized_pnl ?? '0')).toBe(gain);
    // Its fills: opened resting, half closed taking b's bid, the rest closed resting.
    const fills = ok(
      await client().get<{ list: { role: string; side: string; realized_pnl: string }[] }>(
        '/contract/fills',
        { symbol: 'BTCUSDT' },
        { token: a.token },
      ),
    ).list;
    expect(fills.map((fill) => [fill.role, fill.side])).toEqual([
      ['maker', 'sell'],
      ['taker', 'sell'],
      ['maker', 'buy'],
    ]);
    expect(fills.reduce((sum, fill) => sum + atoms(fill.realized_pnl), 0n)).toBe(gain);
    expect((await contractWallet(a)).frozen).toBe('0');
    expect(await auditLedger(server.db)).toEqual([]);
  });

  it('refuses bad orders with their own message and changes nothing', async () => {
    const btc = await marked('BTCUSDT');
    const user = await trader('100');
    const before = await contractWallet(user);
    const base = {
      symbol: 'BTCUSDT',
      direction: 'long',
      type: 'limit',
      price: priceNear(btc, 0),
      quantity: '0.001',
      leverage: 10,
      margin_mode: 'isolated',
    };
    const cases: [Record<string, unknown>, Parameters<typeof expectError>[1]][] = [
      [{ leverage: 0 }, 'leverage_invalid'],
      [{ leverage: 126 }, 'leverage_invalid'],
      [{ leverage: '2.5' }, 'leverage_invalid'],
      [{ quantity: '0.000001' }, 'quantity_off_lot'],
      [{ price: '1000.001' }, 'price_off_tick'],
      [{ quantity: '0.00001', leverage: 1 }, 'below_min_notional'],
      [{ quantity: '1' }, 'margin_insufficient'],
      [{ symbol: 'NOPEUSDT' }, 'market_unknown'],
    ];
    for (const [change, error] of cases) {
      expectError(await open(user, { ...base, ...change }), error);
    }
    expect(await contractWallet(user)).toEqual(before);
    expect(
      ok(
        await client().get<{ list: unknown[] }>(
          '/contract/orders',
          { status: 'history' },
          { token: user.token },
        ),
      ).list,
    ).toEqual([]);
  });

  it("answers another user's position and order as missing", async () => {
    const btc = await marked('ETHUSDT');
    const [owner, other] = [await trader('500'), await trader('500')];
    const order = ok(
      await open(owner, {
        symbol: 'ETHUSDT',
        direction: 'short',
        type: 'limit',
        price: priceNear(btc, 10_000),
        quantity: '0.1',
        leverage: 10,
        margin_mode: 'cross',
      }),
    );
    expectError(await send(other, '/contract/cancel', { order_id: order.id }), 'order_not_found');
    expectError(
      await send(other, '/contract/close', { position_id: 1, type: 'market' }),
      'position_not_found',
    );
    const cancelled = ok(
      await send<ContractOrder>(owner, '/contract/cancel', { order_id: order.id }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
    expect((await contractWallet(owner)).frozen).toBe('0');
  });

  it('runs a retried open once and answers it the same', async () => {
    const btc = await marked('BTCUSDT');
    const user = await trader('500');
    const key = randomUUID();
    const body = {
      symbol: 'BTCUSDT',
      direction: 'long',
      type: 'limit',
      price: priceNear(btc, -50_000),
      quantity: '0.001',
      leverage: 10,
      margin_mode: 'isolated',
    };
    const [first, second] = await Promise.all([open(user, body, key), open(user, body, key)]);
    expect(ok(second)).toEqual(ok(first));
    const current = ok(
      await client().get<{ list: unknown[] }>(
        '/contract/orders',
        { status: 'current' },
        { token: user.token },
      ),
    ).list;
    expect(current).toHaveLength(1);
    expectError(await open(user, { ...body, quantity: '0.002' }, key), 'idempotency_key_reused');
  });

  it("pays the taker's inviter a share of its contract fee, into the funding wallet", async () => {
    const btc = await marked('BTCUSDT');
    const inviter = await registerUser(client(), server.dataDir);
    const invite = ok(
      await client().get<{ invite_code: string }>('/security/invite', {}, { token: inviter.token }),
    );
    const [maker, taker] = [
      await trader('1000'),
      await trader('1000', { invite_code: invite.invite_code }),
    ];
    const terms = { symbol: 'BTCUSDT', quantity: '0.01', leverage: 10, margin_mode: 'cross' };
    ok(
      await open(maker, { ...terms, direction: 'short', type: 'limit', price: priceNear(btc, 0) }),
    );
    const filled = ok(await open(taker, { ...terms, direction: 'long', type: 'market' }));
    const funding = ok(
      await client().get<{ balances: { wallet: string; asset: string; available: string }[] }>(
        '/wallet/balances',
        {},
        { token: inviter.token },
      ),
    ).balances.find((b) => b.wallet === 'funding' && b.asset === 'USDT');
    // The default first level's share is 20 %, rounded down to the atom.
    expect(atoms(funding?.available ?? '0')).toBe((atoms(filled.fee) * 200_000n) / 1_000_000n);
    expect(atoms(filled.fee)).toBeGreaterThan(0n);
    expect(await auditLedger(server.db)).toEqual([]);
  });
});
