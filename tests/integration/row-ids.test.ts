// Ids at and past their columns' ranges, over real HTTP on both databases: every call that takes an
// id answers in the envelope and never with a server error; an id past its column is its field's
// `field_invalid`, one at its column's largest value is looked up and not found. The column types
// the bounds come from (schemas/row-ids.ts) are the migrated database's.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import { declaredIdColumns, idColumnMax, idColumnOf } from '../../schemas/row-ids.ts';
import { systemClock } from '../../server/clock.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { idFields } from '../support/request-fields.ts';

/** Values for a call's other fields, so that the id is what the call is about. */
const companions: Record<string, string> = { amount: '1', type: 'market', action: 'add' };

/** Past every column: a 32-bit, a 53-bit and a 64-bit overflow. */
const beyondAll = ['2147483648', '9007199254740992', '9223372036854775808', '1'.padEnd(30, '0')];

describe.each(await eachDatabase())('ids on %s', (...databaseCase) => {
  const { skip, server } = serverOn(databaseCase, systemClock, { LIQUIDITY_PROVIDER: 'false' });
  let token: string;
  beforeAll(async () => {
    if (skip) return;
    token = (await registerUser(new ApiClient(server().url), server().dataDir)).token;
  });

  it.skipIf(skip)('keeps each id column of the type its bound is made for', async () => {
    const { rows } = await sql<{ name: string; type: string }>`
      select table_name || '.' || column_name as name, data_type as type
      from information_schema.columns where table_schema = current_schema()`.execute(server().db);
    const types = new Map(rows.map((row) => [row.name, row.type]));
    // Every call's schema is loaded (through `idFields`), so each column a request names is here.
    expect(declaredIdColumns().size).toBeGreaterThan(10);
    for (const [column, type] of declaredIdColumns()) expect(types.get(column), column).toBe(type);
  });

  it.skipIf(skip)(
    'answers every id past its column as invalid and none with a server error',
    async () => {
      const client = new ApiClient(server().url);
      for (const { endpoint, name: field, schema } of idFields) {
        const named = idColumnOf(schema);
        if (!named) throw new Error(`${endpoint.path} ${field} is not a row id`);
        const max = idColumnMax[named.type];
        for (const id of [String(max), String(max + 1), ...beyondAll]) {
          const body = { ...companions, [field]: id };
          const options = { token, headers: { 'idempotency-key': randomUUID() } };
          const answer =
            endpoint.method === 'GET'
              ? await client.get(endpoint.path, body, options)
              : await client.post(endpoint.path, body, options);
          const label = `${endpoint.path} ${field}=${id}: ${JSON.stringify(answer.body)}`;
          expect(answer.status, label).toBe(200);
          if (BigInt(id) > BigInt(max)) {
            expect(answer.body, label).toMatchObject({ code: errorCodes.field_invalid, field });
          } else {
            expect([errorCodes.field_invalid, errorCodes.server_error], label).not.toContain(
              answer.body.code,
            );
          }
        }
      }
    },
  );
});
