// Operator calls of the AI products: `ai add` puts a fixed-term product on sale, `ai fund` moves
// its reward reserve from the treasury through the ledger (a product whose reserve cannot pay
// another order's promised rewards sells no more), `ai list` shows them. Each change is logged.
import { z } from 'zod';
import { aprPpmOf } from '../../core/ai/purchase.ts';
import { rewardsOutgrowPrincipal } from '../../core/ai/schedule.ts';
import { parseAmount } from '../../core/money.ts';
import { rowId } from '../../schemas/row-ids.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { post } from '../ledger/post.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { listProducts } from './ai-store.ts';
import { productView } from './ai-views.ts';
import { fundReference } from './ledger-kinds.ts';

const positive = (name: string) =>
  z
    .string()
    .refine((value) => (parseAmount(value) ?? 0n) > 0n, `${name} must be a positive amount`);

/** `12.5` (percent) as parts per 10^6 of a year, by the client's own reading; null when out of range. */
function aprPpm(text: string): number | null {
  const ppm = aprPpmOf(text);
  return ppm !== null && ppm > 0 && ppm <= 10_000_000 ? ppm : null;
}

export function aiOps(db: Db, now: () => number): OpsCall[] {
  const add = opsCall({
    path: '/ops/ai-add',
    input: z.object({
      name: z.string().trim().min(1).max(80),
      days: z.coerce.number().int().min(1).max(3650),
      apr: z.string(),
      min: positive('min'),
      max: positive('max'),
      quota: positive('quota'),
      asset: z.string().trim().toUpperCase().default('USDT'),
    }),
    commands: [
      {
        words: 'ai add',
        options: ['name', 'days', 'apr', 'min', 'max', 'quota', 'asset'],
        help: 'put a fixed-term product on sale: days, APR in percent, order limits, quota',
      },
    ],
    run: async (input, { log, fail }) => {
      const rate = aprPpm(input.apr);
      if (rate === null) return fail(`bad apr ${input.apr}: a percent such as 12.5`);
      if ((parseAmount(input.min) ?? 0n) > (parseAmount(input.max) ?? 0n)) {
        return fail('min must not be above max');
      }
      if (rewardsOutgrowPrincipal(rate, input.days)) {
        return fail(
          `apr ${input.apr} over ${input.days} days could pay more in rewards than the principal before maturity, so an early withdrawal would return nothing: shorten the term or lower the rate`,
        );
      }
      const row = await db
        .insertInto('ai_products')
        .values({
          name: input.name,
          asset: input.asset,
          days: input.days,
          apr_ppm: rate,
          min: input.min,
          max: input.max,
          quota: input.quota,
          created_at: new Date(now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await log('ai.add', `product:${row.id}`, { ...input });
      return { id: row.id };
    },
  });
  const fund = opsCall({
    path: '/ops/ai-fund',
    input: z.object({ id: rowId('ai_products.id', 'integer'), amount: positive('amount') }),
    commands: [
      {
        words: 'ai fund',
        args: ['id', 'amount'],
        help: "move a product's reward reserve from the treasury",
      },
    ],
    run: async ({ id, amount }, { log, fail }) => {
      const atoms = parseAmount(amount) ?? 0n;
      const funded = await transact(db, async (trx) => {
        const product = await trx
          .updateTable('ai_products')
          .set((eb) => ({ funded: eb('funded', '+', amount) }))
          .where('id', '=', id)
          .returning(['asset'])
          .executeTakeFirst();
        if (!product) return null;
        await post(trx, {
          kind: 'ai.fund',
          reference: fundReference.build({ product: id, funding: crypto.randomUUID() }),
          legs: [
            {
              account: { system: 'treasury', asset: product.asset },
              bucket: 'available',
              amount: -atoms,
            },
            {
              account: { system: 'ai_reserve', asset: product.asset },
              bucket: 'available',
              amount: atoms,
            },
          ],
        });
        return product;
      });
      if (!funded) return fail(`no product ${id}`);
      await log('ai.fund', `product:${id}`, { amount });
      return { id, funded: amount };
    },
  });
  const list = opsCall({
    path: '/ops/ai-list',
    input: z.object({}),
    commands: [{ words: 'ai list', help: 'the products with their quota and status' }],
    run: async () => (await listProducts(db)).map(productView),
  });
  return [add, fund, list];
}
