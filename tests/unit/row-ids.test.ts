// Every id a request can carry names the column it looks up, so its bound is that column's range:
// one that no row can have is refused as the field's `field_invalid` before any query runs.
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { idColumnMax, idColumnOf } from '../../schemas/row-ids.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { parseRequest } from '../../server/http/validation.ts';
import { idFields } from '../support/request-fields.ts';

describe('ids in requests', () => {
  it('finds the calls that take ids', () => {
    expect(idFields.map(({ endpoint, name }) => `${endpoint.path} ${name}`)).toEqual(
      expect.arrayContaining(['/ai/buy product_id', '/subscription/buy project_id']),
    );
  });

  it.each(idFields.map((field) => [`${field.endpoint.path} ${field.name}`, field] as const))(
    '%s names its column and keeps to its range',
    (_label, { name, schema }) => {
      const named = idColumnOf(schema);
      if (!named) throw new Error(`${name} is not made with rowId`);
      const max = idColumnMax[named.type];
      const request = z.object({ [name]: schema });
      const refusal = (value: string) => {
        try {
          parseRequest(request, { [name]: value });
        } catch (error) {
          if (error instanceof BusinessError) return { name: error.errorName, ...error.params };
          throw error;
        }
        return null;
      };
      expect(refusal(String(max + 1))).toMatchObject({ name: 'field_invalid', field: name });
      expect(refusal(String(max))).toBeNull();
      expect(refusal('0')).toMatchObject({ name: 'field_invalid', field: name });
    },
  );
});
