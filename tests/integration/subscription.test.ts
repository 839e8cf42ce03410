// A pre-sale from set-up to distribution on a simulated clock: commitments are refused before and
// after the window, above the cap and beyond the balance, and frozen in the funding wallet during
// it; an oversubscribed pre-sale is allocated at its end by the published rule, so the published
// entries recompute to the same allocation and sum to the supply exactly; at distribution each
// user gets their tokens and the unused USDT back, the records show both, and the ledger check holds.
// Each user is pushed their record on `subscription-updates` and has it in their notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { allocate } from '../../core/subscription/allocation.ts';
import type { SubscriptionRecord } from '../../schemas/api/subscription.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectError, ok } from '../support/expectations.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { SocketClient } from '../support/socket-client.ts';

const scheduler = new FakeScheduler(Date.parse('2026-04-01T08:00:00Z'));
let server: InProcessServer;
const client = () => new ApiClient(server.url);
const at = (seconds: number) => new Date(Date.parse('2026-04-01T08:00:00Z') + seconds * 1000);

beforeAll(async () => {
  server = await startInProcessServer(
    systemClock,
    { LIQUIDITY_PROVIDER: 'false', CONTRACT_TRADING: 'false', OPTION_TRADING: 'false' },
    undefined,
    { scheduler },
  );
}, 120_000);
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await server?.stop();
});

const buy = (trader: SeededTrader, projectId: number, amount: string, key = crypto.randomUUID()) =>
  client().post<SubscriptionRecord>(
    '/subscription/buy',
    { project_id: String(projectId), amount },
    { token: trader.token, headers: { 'idempotency-key': key } },
  );

async function balances(trader: SeededTrader) {
  const { balances: rows } = ok(
    await client().get<{
      balances: { wallet: string; asset: string; available: string; frozen: string }[];
    }>('/wallet/balances', {}, { token: trader.token }),
  );
  return Object.fromEntries(
    rows
      .filter((row) => row.wallet === 'funding')
      .map((row) => [row.asset, `${row.available}/${row.frozen}`]),
  );
}

/** Moves the clock to `seconds` after the start, one second at a time, and lets the clock act. */
async function moveTo(seconds: number) {
  while (scheduler.now() < at(seconds).getTime()) scheduler.advance(1000);
}

/**
 * Waits until the server has handled what the socket sent so far: frames are handled in order, and
 * the refusal of a channel that does not exist comes after them.
 */
async function heard(socket: SocketClient) {
  const before = socket.errors().length;
  socket.subscribe(['no-such-channel']);
  await socket.until(() => socket.errors().length > before, 'the server to read the socket');
}

describe('a pre-sale', () => {
  it('runs from commitments to an allocation anyone can recompute and a distribution', async () => {
    const added = await callOperator<{ id: number }>(server, 'subscription-add', {
      name: 'Token Pre-sale',
      asset: 'TKN',
      price: '0.05',
      supply: '1000000',
      cap: '20000',
      start: at(10).toISOString(),
      end: at(70).toISOString(),
      distribute: at(130).toISOString(),
    });
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    const [a, b, c, poor] = await seedTraders(server.db, 4, 30_000n * 100_000_000n, 'funding');
    if (!a || !b || !c || !poor) throw new Error('no traders');

    expectError(await buy(a, id, '100'), 'subscription_not_open');
    await moveTo(10);
    ok(await buy(a, id, '15000'));
    const key = crypto.randomUUID();
    const first = ok(await buy(a, id, '5000', key));
    expect(ok(await buy(a, id, '5000', key))).toEqual(first);
    expect(first).toMatchObject({ payment: '20000', winning: null, stage: 'presale' });
    expectError(await buy(a, id, '1'), 'subscription_cap_exceeded');
    ok(await buy(b, id, '20000'));
    ok(await buy(c, id, '15000'));
    expectError(await buy(poor, id, '0.5'), 'amount_below_minimum');
    expectError(await buy(poor, id, '20001'), 'subscription_cap_exceeded');
    expectError(await buy(poor, id, '99999'), 'subscription_cap_exceeded');
    expectError(await buy(poor, id, '12.123456789'), 'amount_invalid');
    expectError(await buy(poor, 999_999, '10'), 'subscription_not_found');
    expect(await balances(a)).toMatchObject({ USDT: '10000/20000' });
    expect(await balances(poor)).toMatchObject({ USDT: '30000/0' });
    const listed = ok(
      await client().get<{ list: { id: number; progress: string; participants: number }[] }>(
        '/subscription/list',
      ),
    ).list.find((project) => project.id === id);
    // 55,000 USDT for 50,000 USDT of tokens.
    expect(listed).toMatchObject({ progress: '1.1000', participants: 3 });

    await moveTo(71);
    expectError(await buy(poor, id, '10'), 'subscription_not_open');
    const published = await until(
      async () =>
        ok(
          await client().get<{
            computed_at: string | null;
            entries: { account: string; committed: string; allocated: string | null }[];
          }>('/subscription/allocation', { project_id: String(id) }),
        ),
      (answer) => answer.computed_at !== null,
      60_000,
    );
    const atoms = (text: string | null) => parseAmount(text ?? '0') ?? 0n;
    const recomputed = allocate(
      atoms('1000000'),
      atoms('0.05'),
      published.entries.map((entry) => ({
        account: entry.account,
        committed: atoms(entry.committed),
      })),
    );
    expect(published.entries.map((entry) => atoms(entry.allocated))).toEqual(
      recomputed.map((allocation) => allocation.tokens),
    );
    expect(recomputed.reduce((sum, allocation) => sum + allocation.tokens, 0n)).toBe(
      atoms('1000000'),
    );
    // The published entries name no one.
    expect(JSON.stringify(published)).not.toContain(String(a.userId));

    const socket = await SocketClient.connect(server.url);
    socket.send({ op: 'auth', token: a.token });
    socket.subscribe(['subscription-updates']);
    await heard(socket);
    // The socket speaks every 30 s of the simulated clock, as a client does, so it is not idle.
    for (const seconds of [101, 131]) {
      await moveTo(seconds);
      await heard(socket);
    }
    const records = await until(
      async () =>
        ok(
          await client().get<{ list: SubscriptionRecord[] }>(
            '/subscription/records',
            {},
            { token: a.token },
          ),
        ).list,
      (list) => list[0]?.stage === 'winning',
      60_000,
    );
    // a's 20,000 of 55,000: 363,636.36… tokens, paid at 0.05 each, the rest refunded.
    const mine = records[0];
    if (!mine?.winning || !mine.refund) throw new Error('no allocation on the record');
    // The record is the user's own commitment, not the project's total.
    expect(mine.payment).toBe('20000');
    expect(atoms(mine.winning)).toBeGreaterThanOrEqual(36_363_636_363_636n);
    expect(atoms(mine.winning)).toBeLessThanOrEqual(36_363_636_363_637n);
    const wallet = await balances(a);
    expect(wallet.TKN).toBe(`${mine.winning}/0`);
    expect(wallet.USDT).toBe(`${displayAmount(10_000n * 100_000_000n + atoms(mine.refund))}/0`);
    expect(await auditLedger(server.db)).toEqual([]);

    // Told at once as the records answer it, and kept with the tokens and the USDT returned.
    await socket.until(
      () => socket.on('subscription-updates').length > 0,
      'the distributed record on its channel',
    );
    expect(socket.on('subscription-updates').at(-1)?.data).toEqual([mine]);
    const notified = await until(
      async () =>
        ok(
          await client().get<{ list: { kind: string; params: object }[] }>(
            '/notifications/list',
            {},
            { token: a.token },
          ),
        ).list,
      (list) => list.length > 0,
      30_000,
    );
    expect(notified).toEqual([
      expect.objectContaining({
        kind: 'subscription_distributed',
        params: { id, asset: 'TKN', quantity: mine.winning, payout: mine.refund },
      }),
    ]);
  });
});
