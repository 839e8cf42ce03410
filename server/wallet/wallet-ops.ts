// Operator calls of the wallet (the CLI's `deposit`, `withdrawals` and `withdrawal` commands):
// a deposit through the simulated chain, the withdrawals, and their approval or rejection.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseAmount } from '../../core/money.ts';
import { rowId } from '../../schemas/row-ids.ts';
import { enqueueWithdrawalSend, sendsOnChain } from '../chain/evm/withdrawal-sends.ts';
import { transact } from '../db/transact.ts';
import type { AppDeps } from '../deps.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { chains, isChainId } from './addresses/chains.ts';
import { deriveDepositAddress } from './addresses/derive.ts';
import { assetSpec } from './assets.ts';
import { observeDeposit } from './chain-deposits.ts';
import { depositAddressFor } from './deposit-addresses.ts';
import { publishDeposit } from './deposit-frames.ts';
import { publishWithdrawal } from './wallet-frames.ts';
import { withdrawalView } from './wallet-routes.ts';
import { approveWithdrawal, markSent, rejectWithdrawal } from './withdrawals.ts';

export function walletOps({ db, config }: Pick<AppDeps, 'db' | 'config'>): OpsCall[] {
  const deposit = opsCall({
    path: '/ops/deposit',
    input: z.object({
      account: z.string(),
      asset: z.string(),
      amount: z.string(),
      chain: z.string().optional(),
    }),
    commands: [
      {
        words: 'deposit',
        args: ['account', 'asset', 'amount'],
        options: ['chain'],
        help: 'credit a deposit through the simulated chain',
      },
    ],
    run: async ({ account, asset, amount, chain }, { userByAccount, log, fail }) => {
      const spec = assetSpec(config.walletAssets, asset.toUpperCase());
      if (!spec) return fail(`unknown asset ${asset}`);
      const chainSpec = chain
        ? spec.chains.find((candidate) => candidate.chain === chain.toUpperCase())
        : spec.chains[0];
      if (!chainSpec || !isChainId(chainSpec.chain)) return fail(`no chain ${chain} for ${asset}`);
      const atoms = parseAmount(amount);
      if (atoms === null || atoms <= 0n) return fail(`bad amount ${amount}`);
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
      await publishDeposit(db, { chain: chainSpec.chain, txid });
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
  });

  const list = opsCall({
    path: '/ops/withdrawals',
    input: z.object({ status: z.string().optional() }),
    commands: [
      {
        words: 'withdrawals',
        options: ['status'],
        help: 'list withdrawals (pending, approved, sent, failed, rejected, cancelled)',
      },
    ],
    run: async ({ status }) => {
      const rows = await db
        .selectFrom('withdrawals')
        .selectAll()
        .$if(status !== undefined, (q) => q.where('status', '=', status as never))
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({
        ...withdrawalView(row, config.chain.explorerTxUrl),
        user_id: row.user_id,
      }));
    },
  });

  const review = opsCall({
    path: '/ops/withdrawal',
    input: z.object({
      action: z.enum(['approve', 'reject']),
      id: rowId('withdrawals.id', 'integer'),
      reason: z.string().optional(),
    }),
    commands: [
      {
        words: 'withdrawal approve',
        args: ['id'],
        fixed: { action: 'approve' },
        help: 'approve a pending withdrawal (it goes to the signer queue)',
      },
      {
        words: 'withdrawal reject',
        args: ['id'],
        options: ['reason'],
        fixed: { action: 'reject' },
        help: 'reject a pending withdrawal (its funds are unfrozen)',
      },
    ],
    run: async ({ action, id, reason }, { log }) => {
      const row = await transact(db, async (trx) => {
        if (action === 'reject') {
          return rejectWithdrawal(trx, id, reason ?? 'rejected by the operator');
        }
        const approved = await approveWithdrawal(trx, id);
        // On the real Ethereum chain the hot wallet's sender takes it from here.
        if (sendsOnChain(config, approved)) await enqueueWithdrawalSend(trx, config, approved);
        return approved;
      });
      await log(`withdrawal.${action}`, String(id), { reason: reason ?? null });
      // The embedded signer queue: the simulated chain takes an approved withdrawal at once, in a
      // transaction of its own making, whose hash the user's list shows as a real one's.
      const simulated = action === 'approve' && !sendsOnChain(config, row);
      const txid = randomBytes(32).toString('hex');
      const done = simulated ? await transact(db, (trx) => markSent(trx, id, txid)) : row;
      // Its owner's open pages learn the decision and the balance it moved without asking.
      await publishWithdrawal(db, id);
      return withdrawalView(done, config.chain.explorerTxUrl);
    },
  });

  return [deposit, list, review];
}
