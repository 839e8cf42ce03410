// Other users' requests refused because of a hostile user's (`npm run bench -- hostile-batches`),
// on a server started in-process on PGlite and, when one answers, on PostgreSQL. Six users send a
// pre-sale commit and an AI purchase each, round after round, first alone and then while, in the
// same moments, an attacker sends bursts of four concurrent 1-USDT commits to the same project
// (each with its own key) and three accounts with nothing in their funding wallet send AI
// purchases naming product 2147483648, one past its 32-bit column. The table counts the others'
// requests sent, refused, and refused as `order_not_processed` (a batch that failed in the
// database), with and without the attacker, and what the attacker's own requests were answered.
// Self-contained on purpose: it imports only modules that predate the batch-splitting group
// commit, so the same file measures a checkout from before it. `HOSTILE_ROUNDS` sets the rounds.
import { randomUUID } from 'node:crypto';
import { errorCodes } from '../schemas/errors.ts';
import { systemClock } from '../server/clock.ts';
import { ApiClient } from '../tests/support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../tests/support/in-process-server.ts';
import { callOperator } from '../tests/support/operator-api.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/postgres.ts';
import { type SeededTrader, seedTraders } from '../tests/support/seeded-traders.ts';

const rounds = Number(process.env.HOSTILE_ROUNDS ?? 20);
const others = 6;
const usdt = 100_000_000n;
const hugeId = '2147483648';

/** How requests were answered: HTTP 200 with code 200, a refusal's code, or no envelope at all. */
class Tally {
  sent = 0;
  succeeded = 0;
  readonly codes = new Map<number, number>();
  /** HTTP 5xx, or no answer at all. */
  serverErrors = 0;

  add(answer: { status: number; code: number | null }): void {
    this.sent++;
    if (answer.status >= 500 || answer.code === null) this.serverErrors++;
    else if (answer.code === 200) this.succeeded++;
    else this.codes.set(answer.code, (this.codes.get(answer.code) ?? 0) + 1);
  }

  refused(code?: number): number {
    if (code !== undefined) return this.codes.get(code) ?? 0;
    return this.sent - this.succeeded;
  }

  /** The refusals other than `known`, as `code×count`. */
  otherCodes(known: readonly number[]): string {
    const rest = [...this.codes].filter(([code]) => !known.includes(code));
    return rest.map(([code, count]) => `${code}×${count}`).join(', ') || '–';
  }
}

interface Phase {
  attacker: boolean;
  commits: Tally;
  purchases: Tally;
  attackerCommits: Tally;
  hugeIds: Tally;
  ms: number;
}

async function send(
  server: InProcessServer,
  token: string,
  path: string,
  body: Record<string, string>,
): Promise<{ status: number; code: number | null }> {
  try {
    const answer = await new ApiClient(server.url).post(path, body, {
      token,
      headers: { 'idempotency-key': randomUUID() },
    });
    return {
      status: answer.status,
      code: typeof answer.body.code === 'number' ? answer.body.code : null,
    };
  } catch {
    return { status: 0, code: null };
  }
}

async function setUp(server: InProcessServer) {
  const now = Date.now();
  const project = await callOperator<{ id: number }>(server, 'subscription-add', {
    name: 'Hostile bench',
    asset: `HB${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`,
    price: '0.05',
    supply: '1000000',
    cap: '10000',
    start: new Date(now - 60_000).toISOString(),
    end: new Date(now + 86_400_000).toISOString(),
    distribute: new Date(now + 2 * 86_400_000).toISOString(),
  });
  const product = await callOperator<{ id: number }>(server, 'ai-add', {
    name: 'Hostile bench',
    days: '30',
    apr: '10',
    min: '1',
    max: '1000',
    quota: '10000000',
  });
  if (!project.body.ok || !product.body.ok) {
    throw new Error(`set-up refused: ${JSON.stringify([project.body, product.body])}`);
  }
  const funded = await callOperator(server, 'ai-fund', {
    id: String(product.body.data.id),
    amount: '1000000',
  });
  if (!funded.body.ok) throw new Error(`ai-fund refused: ${JSON.stringify(funded.body)}`);
  const [attacker, ...victims] = await seedTraders(
    server.db,
    1 + others,
    100_000n * usdt,
    'funding',
  );
  // Nothing in the funding wallet an AI purchase pays from (a token of money elsewhere only).
  const empties = await seedTraders(server.db, 3, 1n, 'contract');
  if (!attacker) throw new Error('no attacker');
  return {
    projectId: project.body.data.id,
    productId: product.body.data.id,
    attacker,
    victims,
    empties,
  };
}

async function runPhase(
  server: InProcessServer,
  setup: Awaited<ReturnType<typeof setUp>>,
  attacker: boolean,
): Promise<Phase> {
  const phase: Phase = {
    attacker,
    commits: new Tally(),
    purchases: new Tally(),
    attackerCommits: new Tally(),
    hugeIds: new Tally(),
    ms: 0,
  };
  const commit = (trader: SeededTrader, amount: string) =>
    send(server, trader.token, '/subscription/buy', {
      project_id: String(setup.projectId),
      amount,
    });
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    // All sent in the same moment, so the writers take them in the same batches.
    const burst = attacker ? Array.from({ length: 4 }, () => commit(setup.attacker, '1')) : [];
    const huge = attacker
      ? setup.empties.map((empty) =>
          send(server, empty.token, '/ai/buy', { product_id: hugeId, amount: '1' }),
        )
      : [];
    const commits = setup.victims.map((victim) => commit(victim, '5'));
    const purchases = setup.victims.map((victim) =>
      send(server, victim.token, '/ai/buy', { product_id: String(setup.productId), amount: '10' }),
    );
    for (const answer of await Promise.all(burst)) phase.attackerCommits.add(answer);
    for (const answer of await Promise.all(huge)) phase.hugeIds.add(answer);
    for (const answer of await Promise.all(commits)) phase.commits.add(answer);
    for (const answer of await Promise.all(purchases)) phase.purchases.add(answer);
  }
  phase.ms = performance.now() - started;
  return phase;
}

async function measure(name: string, database: TestDatabase | undefined): Promise<string[]> {
  const server = await startInProcessServer(
    systemClock,
    { LIQUIDITY_PROVIDER: 'false', CONTRACT_TRADING: 'false', OPTION_TRADING: 'false' },
    database?.url,
  );
  try {
    const setup = await setUp(server);
    const phases = [await runPhase(server, setup, false), await runPhase(server, setup, true)];
    const ledger = await callOperator<{ ok: boolean }>(server, 'ledger/check', {});
    return table(name, phases, ledger.body.data?.ok === true);
  } finally {
    await server.stop();
    await database?.drop();
  }
}

function table(name: string, phases: readonly Phase[], ledgerOk: boolean): string[] {
  const notProcessed = errorCodes.order_not_processed;
  const lines = [
    `### ${name}`,
    '',
    `${rounds} rounds; in each, ${others} other users send one pre-sale commit and one AI purchase each; with the attacker, 4 concurrent 1-USDT commits by one user to the same project and 3 purchases of product ${hugeId} go out in the same moment. Ledger check after both phases: ${ledgerOk ? 'passed' : 'FAILED'}.`,
    '',
    "| other users' requests | attacker | sent | refused | refused as order_not_processed | other refusals (code×count) | server errors | ms (phase) |",
    '|---|---|---:|---:|---:|---|---:|---:|',
  ];
  for (const phase of phases) {
    for (const [label, tally] of [
      ['pre-sale commits', phase.commits],
      ['AI purchases', phase.purchases],
    ] as const) {
      lines.push(
        `| ${label} | ${phase.attacker ? 'attacking' : 'absent'} | ${tally.sent} | ${tally.refused()} | ${tally.refused(notProcessed)} | ${tally.otherCodes([notProcessed])} | ${tally.serverErrors} | ${phase.ms.toFixed(0)} |`,
      );
    }
  }
  const attack = phases.find((phase) => phase.attacker);
  if (attack) {
    const invalid = errorCodes.field_invalid;
    lines.push(
      '',
      "| the attacker's requests | sent | succeeded | field_invalid | order_not_processed | other refusals (code×count) | server errors |",
      '|---|---:|---:|---:|---:|---|---:|',
    );
    for (const [label, tally] of [
      ['1-USDT commits in bursts of 4', attack.attackerCommits],
      [`AI purchases of product ${hugeId}`, attack.hugeIds],
    ] as const) {
      lines.push(
        `| ${label} | ${tally.sent} | ${tally.succeeded} | ${tally.refused(invalid)} | ${tally.refused(notProcessed)} | ${tally.otherCodes([invalid, notProcessed])} | ${tally.serverErrors} |`,
      );
    }
  }
  return [...lines, ''];
}

export async function run(): Promise<void> {
  const lines = await measure('PGlite', undefined);
  const postgres = await createTestDatabase();
  if (postgres) lines.push(...(await measure('PostgreSQL', postgres)));
  else lines.push('PostgreSQL did not answer: measured on PGlite only.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}
