// The proof of reserves over real HTTP and the operator API, on PGlite and (when one answers)
// PostgreSQL: a snapshot's totals are the users' liabilities in the ledger; every user's proof
// verifies against its root and names no one else; positions change between snapshots; a user
// who registered after the snapshot is refused with the catalogue's reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../core/money.ts';
import { proofFromJson, rootFromJson } from '../../core/wallet/proof-json.ts';
import { verifyProof } from '../../core/wallet/proof-of-reserves.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { matchCommand } from '../../server/ops/cli-commands.ts';
import type { ListedCommand } from '../../server/ops/ops-call.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();

interface RootJson {
  version: number;
  assets: string[];
  hash: string;
  totals: Record<string, string>;
  users: number;
}

interface SnapshotAnswer {
  snapshot: number;
  created_at: string;
  root: RootJson;
}

interface ProofAnswer {
  snapshot: { id: number; created_at: string };
  root: RootJson;
  proof: { userId: string; salt: string; path: unknown[] } & Record<string, unknown>;
}

describe.each([
  ['PGlite', undefined],
  ['PostgreSQL', postgres],
] as const)('proof of reserves on %s', (name, database: TestDatabase | undefined) => {
  const skip = name === 'PostgreSQL' && !database;
  let server: InProcessServer;
  const users: RegisteredUser[] = [];
  const client = () => new ApiClient(server.url);

  beforeAll(async () => {
    if (skip) return;
    server = await startInProcessServer(systemClock, {}, database?.url);
    const deposits: [number, string, string][] = [
      [0, 'USDT', '1000'],
      [1, 'USDT', '250.12345678'],
      [1, 'BTC', '0.5'],
      [2, 'ETH', '3.25'],
      [3, 'USDT', '0.00000001'],
    ];
    for (let i = 0; i < 5; i++) users.push(await registerUser(client(), server.dataDir));
    for (const [index, asset, amount] of deposits) {
      const answer = await callOperator(server, 'deposit', {
        account: (users[index] as RegisteredUser).account,
        asset,
        amount,
      });
      expect(answer.body.ok, JSON.stringify(answer.body)).toBe(true);
    }
    // A transfer between wallets changes nothing the user is owed.
    const moved = await client().post(
      '/wallet/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: '400' },
      {
        token: (users[0] as RegisteredUser).token,
        headers: { 'idempotency-key': crypto.randomUUID() },
      },
    );
    expect(moved.body.code).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const snapshot = async () => {
    const answer = await callOperator<SnapshotAnswer>(server, 'chain/por', {});
    expect(answer.body.ok, JSON.stringify(answer.body)).toBe(true);
    return answer.body.data;
  };

  const proofOf = (token: string) =>
    client().get<ProofAnswer>('/wallet/reserveProof', {}, { token });

  /** What the ledger owes users (not the liquidity provider, not the system) per asset. */
  const ledgerLiabilities = async () => {
    const rows = await server.db
      .selectFrom('ledger_accounts')
      .innerJoin('users', 'users.id', 'ledger_accounts.user_id')
      .where('users.role', '=', 'user')
      .select(['asset', 'available', 'frozen'])
      .execute();
    const totals = new Map<string, bigint>();
    for (const row of rows) {
      const atoms = (parseAmount(row.available) ?? 0n) + (parseAmount(row.frozen) ?? 0n);
      totals.set(row.asset, (totals.get(row.asset) ?? 0n) + atoms);
    }
    return Object.fromEntries([...totals].map(([asset, atoms]) => [asset, formatAmount(atoms)]));
  };

  const userCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('users')
          .where('role', '=', 'user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.skipIf(skip)('lists `chain por`, whose answer is the root and its totals', async () => {
    const listed = await callOperator<ListedCommand[]>(server, 'commands', {});
    const call = matchCommand(listed.body.data, ['chain', 'por']);
    expect(call?.path).toBe('/ops/chain/por');
    const taken = await snapshot();
    expect(taken.root.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rootFromJson(taken.root).ok).toBe(true);
    expect(taken.root.totals).toEqual(await ledgerLiabilities());
    expect(taken.root.totals).toMatchObject({
      USDT: '1250.12345679',
      BTC: '0.50000000',
      ETH: '3.25000000',
    });
    expect(taken.root.users).toBe(await userCount());
  });

  it.skipIf(skip)(
    'gives every user a proof that verifies against the root and names no one else',
    async () => {
      const taken = await snapshot();
      const root = rootFromJson(taken.root);
      if (!root.ok) throw new Error(root.reason);
      for (const [i, user] of users.entries()) {
        const answer = await proofOf(user.token);
        expect(answer.body.code).toBe(200);
        const { data } = answer.body;
        expect(data.snapshot.id).toBe(taken.snapshot);
        expect(data.root).toEqual(taken.root);
        const proof = proofFromJson(data.proof);
        if (!proof.ok) throw new Error(proof.reason);
        expect(proof.value.userId).toBe(String(user.userId));
        expect(verifyProof(proof.value, root.value)).toEqual({ ok: true });
        const text = JSON.stringify(data);
        for (const [j, other] of users.entries()) {
          if (j !== i) expect(text).not.toContain(String(other.userId));
        }
      }
      const first = await proofOf((users[1] as RegisteredUser).token);
      expect(first.body.data.proof.balances).toEqual({
        BTC: '0.50000000',
        ETH: '0.00000000',
        USDT: '250.12345678',
      });
    },
  );

  it.skipIf(skip)('shuffles the users anew for each snapshot', async () => {
    const positions = async (id: number) =>
      (
        await server.db
          .selectFrom('reserve_leaves')
          .where('snapshot_id', '=', id)
          .select(['user_id', 'position'])
          .orderBy('position')
          .execute()
      ).map((row) => row.user_id);
    // Several tries: two shuffles of a handful of users agree now and then by chance.
    const first = await positions((await snapshot()).snapshot);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await positions((await snapshot()).snapshot));
    expect(orders.every((order) => [...order].sort().join() === [...first].sort().join())).toBe(
      true,
    );
    expect(orders.some((order) => order.join() !== first.join())).toBe(true);
    // The salt is the user's own, the same in every snapshot.
    const salts = await Promise.all(
      [0, 1].map(
        async () => (await proofOf((users[0] as RegisteredUser).token)).body.data.proof.salt,
      ),
    );
    expect(salts[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(salts[1]).toBe(salts[0]);
  });

  it.skipIf(skip)('refuses a user who registered after the latest snapshot', async () => {
    await snapshot();
    const late = await registerUser(client(), server.dataDir);
    const answer = await proofOf(late.token);
    expect(answer.body.code).toBe(errorCodes.reserve_proof_not_found);
    await snapshot();
    expect((await proofOf(late.token)).body.code).toBe(200);
  });

  it.skipIf(skip)('leaves the liquidity provider out of every snapshot', async () => {
    const taken = await snapshot();
    const providers = await server.db
      .selectFrom('users')
      .where('role', '=', 'liquidity_provider')
      .select('id')
      .execute();
    const leaves = await server.db
      .selectFrom('reserve_leaves')
      .where('snapshot_id', '=', taken.snapshot)
      .select('user_id')
      .execute();
    const inTree = new Set(leaves.map((leaf) => leaf.user_id));
    for (const provider of providers) expect(inTree.has(provider.id)).toBe(false);
    expect(inTree.size).toBe(taken.root.users);
  });
});
