// The second contract's pool: seeded once from the treasury at first start, funded further by the
// operator (`ops option fund`), and shown with what the open contracts could cost it and how far
// each settlement under way in slices has come (`ops option pool`). Only the writer pays out of
// it; nothing here can touch a contract.
import { sql } from 'kysely';
import { z } from 'zod';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { post } from '../ledger/post.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { poolFundReference } from './ledger-kinds.ts';
import { optionPool } from './option-postings.ts';
import type { OptionWriter } from './option-writer.ts';
import { roundsUnderway } from './settlement-rounds.ts';

/** Moves `amount` atoms from the treasury into the pool under `reference`, unless it was moved. */
export async function fundPool(db: Db, amount: bigint, reference: string): Promise<boolean> {
  if (amount <= 0n) return false;
  return transact(db, async (trx) => {
    const { rows } = await sql<{ found: number }>`
      select 1 as found from ledger_postings where reference = ${reference}`.execute(trx);
    if (rows.length > 0) return false;
    await post(trx, {
      kind: 'option.fund',
      reference,
      legs: [
        { account: { system: 'treasury', asset: 'USDT' }, bucket: 'available', amount: -amount },
        { account: optionPool, bucket: 'available', amount },
      ],
    });
    return true;
  });
}

export async function poolBalance(db: Db): Promise<bigint> {
  const { rows } = await sql<{ available: string }>`
    select available::text from ledger_accounts
    where system_name = ${optionPool.system} and asset = ${optionPool.asset}`.execute(db);
  return parseAmount(rows[0]?.available ?? '0') ?? 0n;
}

export function optionOps(db: Db, writer: () => OptionWriter | undefined): OpsCall[] {
  const pool = opsCall({
    path: '/ops/option-pool',
    input: z.object({}),
    commands: [
      {
        words: 'option pool',
        help: "the second contract's pool: its balance, what the open contracts could cost it, how many are open, and how far each settlement in slices has come",
      },
    ],
    run: async () => {
      const balance = await poolBalance(db);
      const exposure = writer()?.exposure ?? 0n;
      // Read from the database, so any node shows it, not only the one whose writer settles.
      const rounds = await roundsUnderway(db);
      return {
        balance: displayAmount(balance),
        exposure: displayAmount(exposure),
        headroom: displayAmount(balance - exposure),
        open_contracts: writer()?.open.size ?? 0,
        settling: [...rounds.values()].map(({ settlement, contracts, settled, paid }) => ({
          symbol: settlement.symbol,
          open_time: new Date(settlement.openTime).toISOString(),
          expiry_time: new Date(settlement.expiryTime).toISOString(),
          outcome_up: settlement.upOutcome,
          settled: `${settled} of ${contracts}`,
          paid: displayAmount(paid),
        })),
      };
    },
  });
  const fund = opsCall({
    path: '/ops/option-fund',
    input: z.object({ amount: z.string() }),
    commands: [
      {
        words: 'option fund',
        args: ['amount'],
        help: "move USDT from the treasury into the second contract's pool",
      },
    ],
    run: async ({ amount }, { log, fail }) => {
      const atoms = parseAmount(amount);
      if (atoms === null || atoms <= 0n) return fail(`bad amount ${amount}`);
      await fundPool(db, atoms, poolFundReference.build({ funding: crypto.randomUUID() }));
      await log('option.fund', 'option_pool', { amount: displayAmount(atoms) });
      return { balance: displayAmount(await poolBalance(db)) };
    },
  });
  return [pool, fund];
}
