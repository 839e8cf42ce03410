// Integers in queries and forms have one spelling: canonical decimal digits. Every other string
// `Number()` would read as the same number is refused, and the refusal is the field's
// `field_invalid`, as for any other bad value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { articles } from '../../schemas/api/content.schema.ts';
import { depth } from '../../schemas/api/market.schema.ts';
import { canonicalInteger, decimalInteger, page } from '../../schemas/primitives.ts';
import { idColumnMax, rowId } from '../../schemas/row-ids.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { parseRequest } from '../../server/http/validation.ts';

const anyInteger = decimalInteger(0, Number.MAX_SAFE_INTEGER);

function refusal(schema: z.core.$ZodType, input: unknown) {
  try {
    parseRequest(schema, input);
  } catch (error) {
    if (error instanceof BusinessError) return { name: error.errorName, field: error.params.field };
    throw error;
  }
  return undefined;
}

/** The strings a lenient parser reads as `n` (or close to it) that are not its canonical spelling. */
function otherSpellings(n: number): string[] {
  const digits = String(n);
  return [
    `0${digits}`,
    ` ${digits}`,
    `${digits} `,
    `+${digits}`,
    `${digits}.0`,
    `${digits}.`,
    `${digits}e0`,
    `${digits}E0`,
    `0x${n.toString(16)}`,
    `0o${n.toString(8)}`,
    `0b${n.toString(2)}`,
    `${digits}_`,
    `1_${digits}`,
    `\t${digits}`,
    `${digits}\n`,
    `${digits.slice(0, -1)},${digits.slice(-1)}`,
    `١${digits}`,
  ];
}

describe('decimalInteger', () => {
  it("reads any safe non-negative integer's canonical string as that number", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        expect(anyInteger.parse(String(n))).toBe(n);
        expect(anyInteger.parse(n)).toBe(n);
      }),
    );
  });

  it('refuses every string that is not a canonical decimal integer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 24 }),
          fc.stringMatching(/^[-+ 0.xXeE1-9_]{1,12}$/),
          fc.maxSafeNat().chain((n) => fc.constantFrom(...otherSpellings(n))),
        ),
        (text) => {
          fc.pre(!canonicalInteger.test(text));
          expect(anyInteger.safeParse(text).success).toBe(false);
        },
      ),
    );
  });

  it('refuses a canonical string past the largest safe integer, where numbers stop being exact', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }), (n) => {
        expect(anyInteger.safeParse(n.toString()).success).toBe(false);
      }),
    );
  });

  it('refuses JSON numbers that are not safe integers, and other types', () => {
    for (const value of [
      1.5,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      true,
      null,
      [16],
    ]) {
      expect(anyInteger.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('keeps to its bounds', () => {
    const size = decimalInteger(1, 100);
    expect(size.safeParse('0').success).toBe(false);
    expect(size.parse('1')).toBe(1);
    expect(size.parse('100')).toBe(100);
    expect(size.safeParse('101').success).toBe(false);
    const article = rowId('articles.id', 'integer');
    expect(article.parse(String(idColumnMax.integer))).toBe(idColumnMax.integer);
    expect(article.safeParse(String(idColumnMax.integer + 1)).success).toBe(false);
    const order = rowId('spot_orders.id', 'bigint');
    expect(order.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('fills in a default for an absent page, not for an empty one', () => {
    const schema = z.object({ page });
    expect(schema.parse({}).page).toBe(1);
    expect(schema.safeParse({ page: '' }).success).toBe(false);
  });
});

describe('refusals of integer fields', () => {
  it.each(['0x10', ' 1', '1e1', '1.0', '+1', '016', '-1', ''])(
    'calls %j as a page invalid',
    (text) => {
      expect(refusal(articles.request, { page: text })).toEqual({
        name: 'field_invalid',
        field: 'page',
      });
    },
  );

  it('takes 16 as a page, a size and a category', () => {
    expect(parseRequest(articles.request, { page: '16', size: '16', category_id: '16' })).toEqual({
      page: 16,
      size: 16,
      category_id: 16,
    });
  });

  it('calls an id past its column invalid, and a missing one required', () => {
    expect(refusal(articles.request, { category_id: String(idColumnMax.integer + 1) })).toEqual({
      name: 'field_invalid',
      field: 'category_id',
    });
    expect(refusal(z.object({ id: rowId('spot_orders.id', 'bigint') }), {})).toEqual({
      name: 'field_required',
      field: 'id',
    });
  });

  it('treats an empty optional limit as absent and a non-canonical one as invalid', () => {
    expect(parseRequest(depth.request, { symbol: 'BTCUSDT', limit: '' }).limit).toBe(20);
    expect(refusal(depth.request, { symbol: 'BTCUSDT', limit: '1e1' })).toEqual({
      name: 'field_invalid',
      field: 'limit',
    });
  });
});
