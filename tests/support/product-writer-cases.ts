// The product writers as writer cases (writer-case.ts): AI products and the pre-sale, each on a
// product or project of its own made in the database.
import fc from 'fast-check';
import { parseAmount } from '../../core/money.ts';
import { orderView as aiOrderView } from '../../server/ai/ai-views.ts';
import { AiWriter } from '../../server/ai/ai-writer.ts';
import { Allocations } from '../../server/subscription/allocations.ts';
import { recordView } from '../../server/subscription/subscription-views.ts';
import { SubscriptionWriter } from '../../server/subscription/subscription-writer.ts';
import { past32Bits, silent, usdt, type WriterCase } from './writer-case.ts';
import { insertAiProduct, insertPresaleProject, projectTotal } from './writer-fixtures.ts';

interface AmountTerms {
  amount: bigint;
}

export const aiCase: WriterCase<AmountTerms> = {
  name: 'AI products writer',
  wallet: 'funding',
  drainTo: 'contract',
  funds: [{ wallet: 'funding', asset: 'USDT', amount: 2_000n * usdt }],
  poisons: ['out-of-range id', 'balance drained'],
  drainedError: 'balance_insufficient',
  terms: fc.record({ amount: fc.bigInt({ min: 1n, max: 1_000n }).map((whole) => whole * usdt) }),
  async open(db, plain) {
    const productId = await insertAiProduct(plain, Date.now());
    const writer = new AiWriter({
      db,
      now: () => Date.now(),
      batchMax: 512,
      orderView: aiOrderView,
      onBalances: () => undefined,
      onMatured: () => undefined,
      log: silent,
    });
    await writer.rebuild();
    return {
      submit: (userId, terms, key) => writer.buy(userId, productId, terms.amount, key),
      outOfRange: (userId, terms, key) => writer.buy(userId, past32Bits, terms.amount, key),
      effect: (_userId, terms, answer) => ({
        kind: 'ai.buy',
        reference: `ai:buy:${answer.id}`,
        wallet: 'funding',
        asset: 'USDT',
        available: -terms.amount,
        frozen: 0n,
        counted: terms.amount,
      }),
      async total() {
        const row = await plain
          .selectFrom('ai_products')
          .select('sold')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow();
        return parseAmount(row.sold) ?? 0n;
      },
    };
  },
};

export const subscriptionCase: WriterCase<AmountTerms> = {
  name: 'pre-sale writer',
  wallet: 'funding',
  drainTo: 'contract',
  funds: [{ wallet: 'funding', asset: 'USDT', amount: 2_000n * usdt }],
  poisons: ['out-of-range id', 'duplicate commit', 'balance drained'],
  drainedError: 'balance_insufficient',
  terms: fc.record({ amount: fc.bigInt({ min: 1n, max: 1_000n }).map((whole) => whole * usdt) }),
  async open(db, plain) {
    const projectId = await insertPresaleProject(plain, Date.now());
    const now = () => Date.now();
    const writer = new SubscriptionWriter({
      db,
      now,
      batchMax: 512,
      allocations: new Allocations(db),
      recordOf: (project, commitment, allocation) =>
        recordView(project, commitment, allocation, now(), null),
      onBalances: () => undefined,
      onDistributed: () => undefined,
      log: silent,
    });
    const commitment = (userId: number, projectId: number, terms: AmountTerms) => ({
      userId,
      projectId,
      amount: terms.amount,
    });
    return {
      submit: (userId, terms, key) => writer.commit(commitment(userId, projectId, terms), key),
      outOfRange: (userId, terms, key) => writer.commit(commitment(userId, past32Bits, terms), key),
      effect: (userId, terms, _answer, key) => ({
        kind: 'subscription.commit',
        reference: `subscription:commit:${projectId}:${userId}:${key.key}`,
        wallet: 'funding',
        asset: 'USDT',
        available: -terms.amount,
        frozen: terms.amount,
        counted: terms.amount,
      }),
      total: () => projectTotal(plain, projectId),
    };
  },
};
