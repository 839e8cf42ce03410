// Hostile users beside everyone else, over real HTTP on both databases: while an attacker sends
// bursts of four concurrent 1-USDT commits to one pre-sale (each with its own key), and three
// empty accounts send AI purchases naming a product id past its 32-bit column, other users'
// pre-sale commits and AI purchases, sent in the same moments, all succeed and each moves money
// once; the huge ids are refused at the door as `field_invalid` naming the field, never with a
// server error; the attacker's own commits add up to one commitment, succeeding up to its cap and
// refused beyond it for that reason alone; the ledger check passes. Loops are bounded by counts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import { createSession } from '../../server/accounts/sessions.ts';
import { systemClock } from '../../server/clock.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { callOperator } from '../support/operator-api.ts';
import { seedTraders } from '../support/seeded-traders.ts';
import { balanceOf, createUsers, projectTotal } from '../support/writer-fixtures.ts';

const usdt = 100_000_000n;
/** Rounds of the attack; in each, every other user sends one commit and one purchase. */
const rounds = 8;
const others = 6;
const hugeId = '2147483648';
/** Each user's cap, USDT: the attacker's bursts reach it, the others' commits (2 a round) do not. */
const cap = 20;

interface Trader {
  userId: number;
  token: string;
}

describe.each(await eachDatabase())('hostile users beside others, on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, {
    LIQUIDITY_PROVIDER: 'false',
    CONTRACT_TRADING: 'false',
    OPTION_TRADING: 'false',
  });

  const api = () => new ApiClient(server().url);
  const money = (trader: Trader, path: string, body: Record<string, string>) =>
    api().post(path, body, {
      token: trader.token,
      headers: { 'idempotency-key': randomUUID() },
    });

  /** Signed-in users who hold nothing at all. */
  async function emptyAccounts(count: number): Promise<Trader[]> {
    const users = await createUsers(server().db, count);
    const limits = { idleMs: 86_400_000, maxMs: 86_400_000 };
    const client = { ip: '127.0.0.1', userAgent: 'hostile' };
    return Promise.all(
      users.map(async (userId) => ({
        userId,
        token: (await createSession(server().db, systemClock, limits, userId, client)).token,
      })),
    );
  }

  async function openProject(): Promise<number> {
    const now = Date.now();
    const added = await callOperator<{ id: number }>(server(), 'subscription-add', {
      name: 'Hostile pre-sale',
      asset: `H${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`,
      price: '0.05',
      supply: '1000000',
      cap: String(cap),
      start: new Date(now - 60_000).toISOString(),
      end: new Date(now + 86_400_000).toISOString(),
      distribute: new Date(now + 2 * 86_400_000).toISOString(),
    });
    expect(added.body.ok, JSON.stringify(added.body)).toBe(true);
    return added.body.data.id;
  }

  async function openProduct(): Promise<number> {
    const added = await callOperator<{ id: number }>(server(), 'ai-add', {
      name: 'Hostile 30 days',
      days: '30',
      apr: '10',
      min: '1',
      max: '1000',
      quota: '1000000',
    });
    expect(added.body.ok, JSON.stringify(added.body)).toBe(true);
    const id = added.body.data.id;
    const funded = await callOperator(server(), 'ai-fund', { id: String(id), amount: '100000' });
    expect(funded.body.ok, JSON.stringify(funded.body)).toBe(true);
    return id;
  }

  const describeAnswer = (answer: Answer) => `${answer.status} ${JSON.stringify(answer.body)}`;

  it.skipIf(skip)(
    "refuses only the attackers' requests, each for its own reason, and commits everyone else's once",
    async () => {
      const projectId = await openProject();
      const productId = await openProduct();
      const [attacker, ...victims] = await seedTraders(
        server().db,
        1 + others,
        10_000n * usdt,
        'funding',
      );
      if (!attacker || victims.length !== others) throw new Error('no traders');
      const empties = await emptyAccounts(3);
      const commit = (trader: Trader, amount: string) =>
        money(trader, '/subscription/buy', { project_id: String(projectId), amount });

      const attackerAnswers: Answer[] = [];
      const hugeIdAnswers: Answer[] = [];
      const victimCommits: Answer[] = [];
      const victimPurchases: Answer[] = [];
      for (let round = 0; round < rounds; round++) {
        // Sent together, so the writers take them in the same batches.
        const burst = Array.from({ length: 4 }, () => commit(attacker, '1'));
        const huge = empties.map((empty) =>
          money(empty, '/ai/buy', { product_id: hugeId, amount: '1' }),
        );
        const commits = victims.map((victim) => commit(victim, '2'));
        const purchases = victims.map((victim) =>
          money(victim, '/ai/buy', { product_id: String(productId), amount: '10' }),
        );
        attackerAnswers.push(...(await Promise.all(burst)));
        hugeIdAnswers.push(...(await Promise.all(huge)));
        victimCommits.push(...(await Promise.all(commits)));
        victimPurchases.push(...(await Promise.all(purchases)));
      }

      for (const answer of [...victimCommits, ...victimPurchases]) {
        expect({ status: answer.status, code: answer.body.code }, describeAnswer(answer)).toEqual({
          status: 200,
          code: 200,
        });
      }
      expect(victimCommits).toHaveLength(rounds * others);
      for (const answer of hugeIdAnswers) {
        expect(answer.status, describeAnswer(answer)).toBe(200);
        expect(answer.body, describeAnswer(answer)).toMatchObject({
          code: errorCodes.field_invalid,
          field: 'product_id',
        });
      }
      // The attacker's 1-USDT commits add up to one commitment: every one succeeds until its cap,
      // and the rest are refused for that cap alone (reached at the end of the fifth burst).
      const attackerCommitted = BigInt(cap);
      for (const [i, answer] of attackerAnswers.entries()) {
        expect(answer.status, describeAnswer(answer)).toBe(200);
        expect(answer.body.code, describeAnswer(answer)).toBe(
          i < cap ? 200 : errorCodes.subscription_cap_exceeded,
        );
      }

      const allocation = await api().get('/subscription/allocation', { project_id: hugeId });
      expect(allocation.status, describeAnswer(allocation)).toBe(200);
      expect(allocation.body, describeAnswer(allocation)).toMatchObject({
        code: errorCodes.field_invalid,
        field: 'project_id',
      });

      // Each commit and purchase moved money once: 2 frozen and 10 spent a round.
      for (const victim of victims) {
        expect(await balanceOf(server().db, victim.userId, 'funding', 'USDT')).toEqual({
          available: (10_000n - 12n * BigInt(rounds)) * usdt,
          frozen: 2n * BigInt(rounds) * usdt,
        });
      }
      expect(await balanceOf(server().db, attacker.userId, 'funding', 'USDT')).toEqual({
        available: (10_000n - attackerCommitted) * usdt,
        frozen: attackerCommitted * usdt,
      });
      expect(await projectTotal(server().db, projectId)).toBe(
        (2n * BigInt(rounds * others) + attackerCommitted) * usdt,
      );
      const orders = await server()
        .db.selectFrom('ai_orders')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      expect(Number(orders.count)).toBe(rounds * others);
      expect((await callOperator(server(), 'ledger/check', {})).body.data).toEqual({
        ok: true,
        problems: [],
      });
    },
    300_000,
  );
});
