// What an operator puts on sale (an article, an AI product, a pre-sale) and a user buys, so the
// pages the browser tests open show real content rather than empty lists.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RegisteredUser } from '../support/accounts.ts';
import type { ApiClient } from '../support/api-client.ts';
import type { Catalogue } from './accessibility-pages.ts';
import { ops } from './ops-cli.ts';

/** What an operator puts on sale and a user buys, so the product pages are not empty. */
export async function stockTheCatalogue(api: ApiClient, user: RegisteredUser): Promise<Catalogue> {
  const article = JSON.parse(
    await ops(
      'article',
      'add',
      '--category',
      '92',
      '--title',
      'Maintenance window',
      '--body',
      'Deposits pause for **ten minutes**.',
    ),
  ) as { id: number };
  const product = JSON.parse(
    await ops(
      'ai',
      'add',
      '--name',
      'Fixed 30',
      '--days',
      '30',
      '--apr',
      '8',
      '--min',
      '100',
      '--max',
      '1000',
      '--quota',
      '100000',
      '--asset',
      'USDT',
    ),
  ) as { id: number };
  await ops('ai', 'fund', String(product.id), '5000');
  const now = Date.now();
  const iso = (at: number) => new Date(at).toISOString();
  const project = JSON.parse(
    await ops(
      'subscription',
      'add',
      '--name',
      'Meridian launch',
      '--asset',
      `A${randomUUID().slice(0, 5).toUpperCase()}`,
      '--price',
      '0.5',
      '--supply',
      '1000',
      '--cap',
      '400',
      '--start',
      iso(now - 60_000),
      '--end',
      iso(now + 86_400_000),
      '--distribute',
      iso(now + 90_000_000),
    ),
  ) as { id: number };
  await ops('deposit', user.account, 'USDT', '1000', '--chain', 'TRC20');
  const order = await api.post<{ id: number }>(
    '/ai/buy',
    { product_id: String(product.id), amount: '200' },
    { token: user.token, headers: { 'Idempotency-Key': randomUUID() } },
  );
  expect(order.body.code).toBe(200);
  const commitment = await api.post(
    '/subscription/buy',
    { project_id: String(project.id), amount: '100' },
    { token: user.token, headers: { 'Idempotency-Key': randomUUID() } },
  );
  expect(commitment.body.code).toBe(200);
  return {
    articleId: article.id,
    aiProductId: product.id,
    aiOrderId: order.body.data.id,
    subscriptionId: project.id,
  };
}
