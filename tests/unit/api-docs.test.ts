// docs/api.md is generated from schemas/; this fails when someone changes one without the other.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderApiDocs } from '../../scripts/api-docs.ts';

it('docs/api.md matches the wire contract (run `npm run docs:api` to refresh it)', () => {
  const committed = readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
  expect(committed).toBe(renderApiDocs());
});
