// The second contract on a simulated clock: a contract opens on the print of the first whole
// second after it was accepted and settles on the print of its expiry second, within a second of
// it, its owner told of both on `options`; a win pays stake × (1 + rate) from the pool and the
// verification recomputes the same outcome from the same prints; a silent feed voids and refunds;
// the pool refuses an order it could not pay, netting up against down; every refusal changes
// nothing; a retried order runs once; and no call or operator command, whatever it is sent,
// changes a settled contract or a print.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { endpoints } from '../../schemas/api.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectError, ok } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualFeed } from '../support/manual-feed.ts';
import { callOperator } from '../support/operator-api.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { SocketClient } from '../support/socket-client.ts';

// On a whole second, so the first print falls one second after the start.
const scheduler = new FakeScheduler(Date.parse('2026-03-02T10:00:00Z'));
const feed = new ManualFeed(() => scheduler.now());
let server: InProcessServer;
let price = '100000';
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  feed.print('BTCUSDT', price);
  server = await startInProcessServer(
    systemClock,
    {
      LIQUIDITY_PROVIDER: 'false',
      CONTRACT_TRADING: 'false',
      INDEX_STALE_SECONDS: '3',
      OPTION_POOL_SEED_USDT: '1000',
      OPTION_OPEN_LIMIT: '4',
    },
    undefined,
    { feeds: [feed], scheduler },
  );
  await tick();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Sockets that answer the heartbeat as a client does, however fast the simulated clock runs. */
const listening = new Set<SocketClient>();

/** Prints the current price (unless `silent`) and moves one second on, until its print is in. */
async function tick(silent = false): Promise<void> {
  if (!silent) feed.print('BTCUSDT', price);
  for (const socket of listening) socket.send({ op: 'ping' });
  scheduler.advance(1000);
  const second = new Date(scheduler.now() - (scheduler.now() % 1000));
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const found = await server.db
      .selectFrom('index_prints')
      .select('ts')
      .where('symbol', '=', 'BTCUSDT')
      .where('ts', '=', second)
      .executeTakeFirst();
    if (found) return;
    if (Date.now() > giveUpAt) throw new Error(`no print for ${second.toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function seconds(count: number, silent = false): Promise<void> {
  for (let i = 0; i < count; i++) await tick(silent);
}

const order = (trader: SeededTrader, fields: Record<string, string>, key = crypto.randomUUID()) =>
  client().post<OptionContract>(
    '/option/order',
    { symbol: 'BTCUSDT', direction: 'up', unit: 'minute', length: '1', amount: '100', ...fields },
    { token: trader.token, headers: { 'idempotency-key': key } },
  );

const optionWallet = async (trader: SeededTrader) =>
  ok(
    await client().get<{ balances: { wallet: string; asset: string; available: string }[] }>(
      '/wallet/balances',
      {},
      { token: trader.token },
    ),
  ).balances.find((balance) => balance.wallet === 'option' && balance.asset === 'USDT')?.available;

const contractOf = async (trader: SeededTrader, id: number) => {
  const pages = await Promise.all(
    ['current', 'history'].map((status) =>
      client().get<{ list: OptionContract[] }>(
        '/option/orders',
        { status },
        { token: trader.token },
      ),
    ),
  );
  return pages.flatMap((page) => ok(page).list).find((contract) => contract.id === id);
};

const settledOf = (trader: SeededTrader, id: number) =>
  until(
    () => contractOf(trader, id),
    (contract) => contract?.status === 'settled',
    60_000,
  );

const ledgerProblems = () => auditLedger(server.db);

describe('the second contract', () => {
  it('opens on the next whole second, settles on its expiry print, and pays a win from the pool', async () => {
    const [trader, stranger] = await seedTraders(server.db, 2, 1_000n * 100_000_000n, 'option');
    if (!trader || !stranger) throw new Error('no traders');
    const socket = await SocketClient.connect(server.url);
    socket.send({ op: 'auth', token: trader.token });
    socket.subscribe(['options']);
    listening.add(socket);
    scheduler.advance(300);
    const placed = ok(await order(trader, {}));
    await socket.until(() => socket.on('options').length > 0, 'the placed contract');
    expect(socket.on('options')[0]?.data).toEqual([placed]);
    expect(placed).toMatchObject({ status: 'open', stake: '100', payout_rate: '0.8' });
    const accepted = Date.parse(placed.accepted_at);
    expect(Date.parse(placed.open_time)).toBe(accepted - (accepted % 1000) + 1000);
    expect(Date.parse(placed.expiry_time) - Date.parse(placed.open_time)).toBe(60_000);
    expect(await optionWallet(trader)).toBe('900');

    await tick(); // the opening second's print
    price = '100500';
    await seconds(60);
    const settled = await settledOf(trader, placed.id);
    expect(settled).toMatchObject({
      outcome: 'win',
      payout: '180',
      open_price: '100000',
      settle_price: '100500',
      open_print_at: placed.open_time,
      settle_print_at: placed.expiry_time,
    });
    expect(
      Date.parse(settled?.settled_at ?? '') - Date.parse(settled?.expiry_time ?? ''),
    ).toBeLessThanOrEqual(1000);
    expect(await optionWallet(trader)).toBe('1080');
    await socket.until(() => socket.on('options').length > 1, 'the settled contract');
    expect(socket.on('options')[1]?.data).toEqual([settled]);
    listening.delete(socket);
    socket.close();

    const verified = ok(
      await client().get<Record<string, unknown>>(
        '/option/verify',
        { id: String(placed.id) },
        { token: trader.token },
      ),
    );
    expect(verified).toMatchObject({
      recorded_outcome: 'win',
      recomputed_outcome: 'win',
      matches: true,
      mine: true,
      stake: '100',
      recorded_payout: '180',
      opening: { ts: placed.open_time, price: '100000', sources: ['manual'], stale: false },
      recorded: { open_price: '100000', settle_price: '100500' },
      settlement: { ts: placed.expiry_time, price: '100500', stale: false },
    });
    // Anyone may recheck the outcome; the stake and payout stay the owner's.
    const public_ = ok(
      await client().get<Record<string, unknown>>(
        '/option/verify',
        { id: String(placed.id) },
        { token: stranger.token },
      ),
    );
    expect(public_).toMatchObject({
      matches: true,
      mine: false,
      stake: null,
      recorded_payout: null,
    });
    const prints = ok(
      await client().get<{ prints: { ts: string; price: string }[] }>('/market/prints', {
        symbol: 'BTCUSDT',
        from: String(Date.parse(placed.open_time)),
        to: String(Date.parse(placed.expiry_time)),
      }),
    ).prints;
    expect(prints.at(0)).toMatchObject({ ts: placed.open_time, price: '100000' });
    expect(prints.at(-1)).toMatchObject({ ts: placed.expiry_time, price: '100500' });
    expect(await ledgerProblems()).toEqual([]);
  });

  it('counts the stakes lost today, not net of the day’s wins nor the stakes still open', async () => {
    const [trader] = await seedTraders(server.db, 1, 1_000n * 100_000_000n, 'option');
    if (!trader) throw new Error('no trader');
    const lostToday = async () =>
      ok(await client().get<{ lost_today: string }>('/option/limits', {}, { token: trader.token }))
        .lost_today;
    scheduler.advance(300);
    const up = ok(await order(trader, { direction: 'up', amount: '100' }));
    const down = ok(await order(trader, { direction: 'down', amount: '50' }));
    // Nothing is lost while both are open.
    expect(await lostToday()).toBe('0');
    await tick();
    price = String(Number(price) + 500);
    await seconds(60);
    expect(await settledOf(trader, up.id)).toMatchObject({ outcome: 'win' });
    expect(await settledOf(trader, down.id)).toMatchObject({ outcome: 'lose' });
    // The down stake was lost whole; the up contract's win does not take it back.
    expect(await lostToday()).toBe('50');
  });

  it('refunds on equal prints and voids when the feed falls silent', async () => {
    const [trader] = await seedTraders(server.db, 1, 1_000n * 100_000_000n, 'option');
    if (!trader) throw new Error('no trader');
    const equal = ok(await order(trader, { direction: 'down' }));
    await seconds(62);
    expect(await settledOf(trader, equal.id)).toMatchObject({ outcome: 'refund', payout: '100' });

    const silent = ok(await order(trader, {}));
    await tick();
    // The feed says nothing from here: three seconds on, every print is stale.
    await seconds(70, true);
    expect(await settledOf(trader, silent.id)).toMatchObject({
      outcome: 'void',
      payout: '100',
      settle_price: null,
    });
    expect(await optionWallet(trader)).toBe('1000');
    // A stale index opens nothing.
    expectError(await order(trader, {}), 'option_index_stale');
    await seconds(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('refuses what the pool could not pay, netting up against down in one group', async () => {
    const [trader] = await seedTraders(server.db, 1, 10_000n * 100_000_000n, 'option');
    if (!trader) throw new Error('no trader');
    await seconds(1);
    const pool = async () =>
      (
        await sql<{ available: string }>`select available::text from ledger_accounts
          where system_name = 'option_pool' and asset = 'USDT'`.execute(server.db)
      ).rows[0]?.available;
    const before = Number(await pool());
    // Each contract of the group pays 1.8 × its stake on a win; a stake fills the pool too.
    const stake = String(Math.floor(before / 1.6 / 100) * 100);
    ok(await order(trader, { amount: stake }));
    ok(await order(trader, { amount: stake }));
    const wallet = await optionWallet(trader);
    expectError(await order(trader, { amount: stake }), 'option_pool_exposure');
    expect(await optionWallet(trader)).toBe(wallet);
    // The opposite side of the same group adds no worse case: it is taken.
    ok(await order(trader, { amount: stake, direction: 'down' }));
    // The operator sees the pool against the group's worst case: up wins, 2 × 1.8 × the stake.
    const shown = await callOperator<{ balance: string; exposure: string; open_contracts: number }>(
      server,
      'option-pool',
      {},
    );
    expect(shown.body.data).toMatchObject({
      balance: String(before + 3 * Number(stake)),
      exposure: String(3.6 * Number(stake)),
      open_contracts: 3,
    });
    await seconds(62);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('refuses bad orders with their own message, changes nothing, and runs a retry once', async () => {
    const [trader] = await seedTraders(server.db, 1, 500n * 100_000_000n, 'option');
    if (!trader) throw new Error('no trader');
    await seconds(1);
    const wallet = await optionWallet(trader);
    expectError(await order(trader, { symbol: 'NOPEUSDT' }), 'market_unknown');
    expectError(await order(trader, { length: '2' }), 'option_product_unknown');
    expectError(await order(trader, { unit: 'week' }), 'field_invalid');
    expectError(await order(trader, { amount: '10.001' }), 'amount_invalid');
    expectError(await order(trader, { amount: '5' }), 'amount_below_minimum');
    expectError(await order(trader, { amount: '10001' }), 'stake_above_maximum');
    expectError(await order(trader, { amount: '600' }), 'balance_insufficient');
    expectError(await order(trader, { direction: 'sideways' }), 'field_invalid');
    expect(await optionWallet(trader)).toBe(wallet);

    const key = crypto.randomUUID();
    const first = ok(await order(trader, { amount: '10' }, key));
    const again = ok(await order(trader, { amount: '10' }, key));
    expect(again).toEqual(first);
    expectError(await order(trader, { amount: '20' }, key), 'idempotency_key_reused');
    expect(await optionWallet(trader)).toBe('490');

    // A lower daily loss limit counts at once; a raise waits a day.
    const limits = ok(
      await client().post<{ daily_limit: string; pending: unknown }>(
        '/option/limits',
        { daily_limit: '25' },
        { token: trader.token },
      ),
    );
    expect(limits).toMatchObject({ daily_limit: '25', pending: null });
    expectError(await order(trader, { amount: '20' }), 'option_loss_limit');
    const raised = ok(
      await client().post<{ daily_limit: string; pending: { daily_limit: string } | null }>(
        '/option/limits',
        { daily_limit: '1000' },
        { token: trader.token },
      ),
    );
    expect(raised).toMatchObject({ daily_limit: '25', pending: { daily_limit: '1000' } });
    expectError(
      await client().post('/option/limits', { daily_limit: '20000' }, { token: trader.token }),
      'loss_limit_invalid',
    );
    ok(await order(trader, { amount: '15' }));
    expect(await optionWallet(trader)).toBe('475');

    // At most four open at once here: the fifth waits for one to settle.
    const [busy] = await seedTraders(server.db, 1, 500n * 100_000_000n, 'option');
    if (!busy) throw new Error('no trader');
    for (let i = 0; i < 4; i++) ok(await order(busy, { amount: '10' }));
    expectError(await order(busy, { amount: '10' }), 'option_open_limit');
    expect(await optionWallet(busy)).toBe('460');
    await seconds(62);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('no outcome writer', () => {
  it('lets no call and no operator command change a settled contract or a print', async () => {
    const [trader] = await seedTraders(server.db, 1, 1_000n * 100_000_000n, 'option');
    if (!trader) throw new Error('no trader');
    const placed = ok(await order(trader, {}));
    price = '100100';
    await seconds(62);
    await settledOf(trader, placed.id);
    const snapshot = async () => ({
      contracts: await server.db.selectFrom('option_contracts').selectAll().orderBy('id').execute(),
      prints: await server.db.selectFrom('index_prints').selectAll().orderBy('ts').execute(),
    });
    const before = await snapshot();
    // Every field an outcome, a price or a rate could be smuggled in by.
    const body = {
      id: String(placed.id),
      contract_id: String(placed.id),
      symbol: 'BTCUSDT',
      outcome: 'lose',
      payout: '0',
      price: '1',
      open_price: '1',
      settle_price: '1',
      payout_rate: '9',
      ts: placed.expiry_time,
      stale: 'true',
    };
    // Logging out last, so every other call runs with the owner's live session.
    const inOrder = [...endpoints].sort(
      (a, b) => Number(a.path === '/login/logout') - Number(b.path === '/login/logout'),
    );
    for (const endpoint of inOrder) {
      const api = client();
      const answer =
        endpoint.method === 'GET'
          ? await api.get(endpoint.path, body, { token: trader.token })
          : await api.post(endpoint.path, body, {
              token: trader.token,
              headers: { 'idempotency-key': crypto.randomUUID() },
            });
      expect(answer.status, endpoint.path).toBeLessThan(500);
    }
    const commands = await callOperator<{ path: string }[]>(server, 'commands', {});
    expect(commands.body.data.length).toBeGreaterThan(0);
    for (const command of commands.body.data) {
      const answer = await callOperator(server, command.path.replace(/^\/ops\//, ''), body);
      expect(answer.status, command.path).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });
});
