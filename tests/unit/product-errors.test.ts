// Each product declares its own errors in schemas/api/<product>.errors.ts and the registry
// (schemas/product-errors.ts) merges them by name: a name declared twice, or a file left out of
// the registry, would lose an error without a compile error. This finds both.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErrorCodes, Refusals } from '../../schemas/error-definition.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { en } from '../../schemas/messages/en.ts';
import { productRefusals } from '../../schemas/product-errors.ts';

const folder = path.resolve(import.meta.dirname, '../../schemas/api');
const files = readdirSync(folder).filter((name) => name.endsWith('.errors.ts'));

interface ProductErrors {
  file: string;
  codes: ErrorCodes;
  refusals: Refusals;
}

/** Each product's file, with its two records found by their names' endings. */
async function productFiles(): Promise<ProductErrors[]> {
  return Promise.all(
    files.map(async (file) => {
      const exports: Record<string, unknown> = await import(path.join(folder, file));
      const ending = (suffix: string) =>
        Object.entries(exports).find(([name]) => name.endsWith(suffix))?.[1];
      return {
        file,
        codes: ending('ErrorCodes') as ErrorCodes,
        refusals: ending('Refusals') as Refusals,
      };
    }),
  );
}

describe("products' errors", () => {
  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('declares each name once, none of them a shared one, and each in the catalogue', async () => {
    const products = await productFiles();
    const declared = products.flatMap(({ codes }) => Object.keys(codes));
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.filter((name) => Object.hasOwn(en.errors, name))).toEqual([]);
    for (const { file, codes } of products) {
      for (const [name, code] of Object.entries(codes)) {
        expect(errorCodes[name as keyof typeof errorCodes], `${file} ${name}`).toBe(code);
      }
    }
  });

  it('says something for each of its errors and nothing else, in the registry too', async () => {
    for (const { file, codes, refusals } of await productFiles()) {
      expect(Object.keys(refusals).sort(), file).toEqual(Object.keys(codes).sort());
      for (const name of Object.keys(refusals)) {
        expect(productRefusals[name as keyof typeof productRefusals], `${file} ${name}`).toBe(
          refusals[name],
        );
      }
    }
  });
});
