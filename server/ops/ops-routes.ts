// The operator API the ops CLI talks to: loopback only, authenticated with the token in
// DATA_DIR, JSON in and out. Every action is logged in `operator_actions`.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseAmount } from '../../core/money.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { chains, isChainId } from '../wallet/addresses/chains.ts';
import { deriveDepositAddress } from '../wallet/addresses/derive.ts';
import { assetSpec } from '../wallet/assets.ts';
import { observeDeposit } from '../wallet/chain-deposits.ts';
import { depositAddressFor } from '../wallet/deposit-addresses.ts';
import { withdrawalView } from '../wallet/wallet-routes.ts';
import { approveWithdrawal, markSent, rejectWithdrawal } from '../wallet/withdrawals.ts';
import { auditLedger } from './ledger-audit.ts';
import { sameToken } from './ops-token.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

class OpsError extends Error {}

/** What an operator module outside this file registers its calls with (content-ops.ts). */
export interface OpsKit {
  route<T extends z.ZodType>(
    path: string,
    schema: T,
    run: (input: z.output<T>) => Promise<unknown>,
  ): unknown;
  log(action: string, subject: string, detail: unknown): Promise<unknown>;
  userByAccount(account: string): Promise<{ id: number; account: string }>;
  /** A refusal the CLI prints as it is. */
  fail(message: string): never;
}

export function opsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  token: string,
  modules: readonly ((kit: OpsKit) => void)[] = [],
): void {
  const { db, config } = deps;
  const log = (action: string, subject: string, detail: unknown) =>
    db
      .insertInto('operator_actions')
      .values({ action, subject, detail: JSON.stringify(detail) })
      .execute();

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers['x-ops-token'];
    // The socket's own address: a proxy's forwarded header must not open the operator API.
    const remote = request.socket.remoteAddress ?? '';
    if (!loopback.has(remote) || typeof given !== 'string' || !sameToken(given, token)) {
      return reply.code(403).send({ ok: false, error: 'forbidden' });
    }
  };

  const route = <T extends z.ZodType>(
    path: string,
    schema: T,
    run: (input: z.output<T>) => Promise<unknown>,
  ) =>
    app.post(path, { preHandler: guard }, async (request, reply) => {
      const input = schema.safeParse(request.body ?? {});
      if (!input.success) {
        return reply.code(400).send({ ok: false, error: z.prettifyError(input.error) });
      }
      try {
        return { ok: true, data: await run(input.data) };
      } catch (error) {
        if (error instanceof OpsError || error instanceof BusinessError) {
          return reply.code(409).send({ ok: false, error: error.message });
        }
        throw error;
      }
    });

  const userByAccount = async (account: string) => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'account'])
      .where((eb) =>
        eb.or([eb('account', '=', account.toLowerCase()), eb('id', '=', Number(account) || -1)]),
      )
      .executeTakeFirst();
    if (!user) throw new OpsError(`no user ${account}`);
    return user;
  };

  route(
    '/ops/deposit',
    z.object({
      account: z.string(),
      asset: z.string(),
      amount: z.string(),
      chain: z.string().optional(),
    }),
    async ({ account, asset, amount, chain }) => {
      const spec = assetSpec(config.walletAssets, asset.toUpperCase());
      if (!spec) throw new OpsError(`unknown asset ${asset}`);
      const chainSpec = chain
        ? spec.chains.find((candidate) => candidate.chain === chain.toUpperCase())
        : spec.chains[0];
      if (!chainSpec || !isChainId(chainSpec.chain))
        throw new OpsError(`no chain ${chain} for ${asset}`);
      const atoms = parseAmount(amount);
      if (atoms === null || atoms <= 0n) throw new OpsError(`bad amount ${amount}`);
      const user = await userByAccount(account);
      const address = await depositAddressFor(
        db,
        (id, index) => deriveDepositAddress(config.walletXpubs[chains[id].family].xpub, id, index),
        user.id,
        chainSpec.chain,
      );
      // The simulated chain confirms at once: the transaction arrives with every confirmation.
      const txid = randomBytes(32).toString('hex');
      const outcome = await observeDeposit(
        db,
        {
          chain: chainSpec.chain,
          txid,
          address,
          asset: spec.asset,
          amount,
          confirmations: chainSpec.confirmations,
        },
        chainSpec.confirmations,
      );
      await log('deposit', user.account, {
        asset: spec.asset,
        chain: chainSpec.chain,
        amount,
        txid,
        outcome,
      });
      return {
        account: user.account,
        asset: spec.asset,
        chain: chainSpec.chain,
        amount,
        txid,
        address,
        outcome,
      };
    },
  );

  route('/ops/withdrawals', z.object({ status: z.string().optional() }), async ({ status }) => {
    const rows = await db
      .selectFrom('withdrawals')
      .selectAll()
      .$if(status !== undefined, (q) => q.where('status', '=', status as never))
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return rows.map((row) => ({ ...withdrawalView(row), user_id: row.user_id }));
  });

  route(
    '/ops/withdrawal',
    z.object({
      action: z.enum(['approve', 'reject']),
      id: z.coerce.number().int(),
      reason: z.string().optional(),
    }),
    async ({ action, id, reason }) => {
      const row = await db
        .transaction()
        .execute((trx) =>
          action === 'approve'
            ? approveWithdrawal(trx, id)
            : rejectWithdrawal(trx, id, reason ?? 'rejected by the operator'),
        );
      await log(`withdrawal.${action}`, String(id), { reason: reason ?? null });
      // The embedded signer queue: the simulated chain takes an approved withdrawal at once.
      const done =
        action === 'approve' ? await db.transaction().execute((trx) => markSent(trx, id)) : row;
      return withdrawalView(done);
    },
  );

  route('/ops/ledger/check', z.object({}), async () => {
    const problems = await auditLedger(db);
    return { ok: problems.length === 0, problems };
  });

  route('/ops/users', z.object({}), async () =>
    db
      .selectFrom('users')
      .select(['id', 'account', 'kyc_status', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute(),
  );

  const fail = (message: string): never => {
    throw new OpsError(message);
  };
  for (const register of modules) register({ route, log, userByAccount, fail });
}
