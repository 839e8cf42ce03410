// Ids, pages, sizes and limits over real HTTP: `16` is 16, and every other spelling a lenient
// parser would read as a number (`0x10`, ` 1`, `1e1`, `1.0`, `+1`) is refused as invalid for its
// field, in the caller's language, before anything is looked up. An id past its column is invalid
// too, not a database error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import type { FieldName } from '../../schemas/fields.ts';
import { localize } from '../../schemas/messages/index.ts';
import { idColumnMax } from '../../schemas/row-ids.ts';
import { systemClock } from '../../server/clock.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';

let server: InProcessServer;
let client: ApiClient;
let token: string;

beforeAll(async () => {
  server = await startInProcessServer(systemClock);
  client = new ApiClient(server.url);
  token = (await registerUser(client, server.dataDir)).token;
});
afterAll(() => server?.stop());

const nonCanonical = ['0x10', ' 1', '1 ', '1e1', '1.0', '+1', '016', '1,0'];

const invalid = (field: FieldName, lang: 'en' | 'zh' = 'en') => ({
  code: errorCodes.field_invalid,
  msg: localize(lang, 'field_invalid', { field }),
  data: null,
  // The refusal names its field, for the form to show it there.
  field,
});

/** A money-moving call's header: a key of its own, so no answer is replayed. */
const moneyHeaders = () => ({ 'idempotency-key': `test-${randomUUID()}` });

describe('query fields', () => {
  it.each(nonCanonical)('refuses %j as an article id, a page, a size and a limit', async (text) => {
    const answers = {
      id: await client.get('/article/detail', { id: text }),
      page: await client.get('/article/index', { page: text }),
      size: await client.get('/index/gonggao', { size: text }),
      category_id: await client.get('/article/index', { category_id: text }),
      limit: await client.get('/market/depth', { symbol: 'BTCUSDT', limit: text }),
      before: await client.get('/market/kline', { symbol: 'BTCUSDT', period: '1m', before: text }),
    };
    for (const [field, answer] of Object.entries(answers)) {
      expect(answer.status).toBe(200);
      expect(answer.body, field).toEqual(invalid(field as FieldName));
    }
  });

  it('says so in the language asked for', async () => {
    const answer = await client.get('/article/index', { page: '0x10' }, { lang: 'zh' });
    expect(answer.body).toEqual(invalid('page', 'zh'));
  });

  it('takes 16', async () => {
    const page = await client.get<{ page: number; size: number }>('/article/index', {
      page: '16',
      size: '16',
      category_id: '1',
    });
    expect(page.body.code).toBe(200);
    expect(page.body.data).toMatchObject({ page: 16, size: 16 });
    // Read as 16 and looked up: there is no such article.
    const detail = await client.get('/article/detail', { id: '16' });
    expect(detail.body.code).toBe(errorCodes.article_not_found);
    const depth = await client.get<{ bids: unknown[]; asks: unknown[] }>('/market/depth', {
      symbol: 'BTCUSDT',
      limit: '16',
    });
    expect(depth.body.code).toBe(200);
    expect(depth.body.data.bids.length).toBeLessThanOrEqual(16);
    expect(depth.body.data.asks.length).toBeLessThanOrEqual(16);
  });

  it('calls an id past its column invalid rather than failing', async () => {
    for (const id of [String(idColumnMax.integer + 1), '3000000000', '99999999999999999999']) {
      expect((await client.get('/article/detail', { id })).body).toEqual(invalid('id'));
    }
    const largest = await client.get('/article/detail', { id: String(idColumnMax.integer) });
    expect(largest.body.code).toBe(errorCodes.article_not_found);
  });
});

describe('body fields', () => {
  it.each(nonCanonical)('refuses %j as an order id and a withdrawal id', async (text) => {
    const cancel = await client.post(
      '/spot/cancel',
      { order_id: text },
      { token, headers: moneyHeaders() },
    );
    expect(cancel.body).toEqual(invalid('order_id'));
    const withdrawal = await client.post(
      '/wallet/withdrawCancel',
      { id: text },
      { token, headers: moneyHeaders() },
    );
    expect(withdrawal.body).toEqual(invalid('id'));
  });

  it('takes 16 from a form and from JSON, as text or as a number', async () => {
    const form = await client.post(
      '/wallet/withdrawCancel',
      { id: '16' },
      { token, headers: moneyHeaders() },
    );
    expect(form.body.code).toBe(errorCodes.withdrawal_not_found);
    for (const body of ['{"id":16}', '{"id":"16"}']) {
      const response = await fetch(`${server.url}/api/wallet/withdrawCancel`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-forwarded-for': client.address,
          ...moneyHeaders(),
        },
        body,
      });
      expect(((await response.json()) as { code: number }).code, body).toBe(
        errorCodes.withdrawal_not_found,
      );
    }
  });

  it('refuses a JSON number that is not a whole number', async () => {
    const response = await fetch(`${server.url}/api/wallet/withdrawCancel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-forwarded-for': client.address,
        ...moneyHeaders(),
      },
      body: '{"id":16.5}',
    });
    expect(await response.json()).toEqual(invalid('id'));
  });
});

describe('the operator API', () => {
  it('reads an article id only in canonical form', async () => {
    const refused = await callOperator(server, 'article/update', { id: '0x10', title: 'T' });
    expect(refused.status).toBe(400);
    const read = await callOperator(server, 'article/update', { id: '16', title: 'T' });
    expect(read.status).toBe(409);
    expect(read.body.error).toContain('no article 16');
  });
});
