// `npm run docs:api`: writes docs/api.md from the wire contract.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDocs } from './api-docs.ts';

const target = path.resolve(import.meta.dirname, '../docs/api.md');
writeFileSync(target, renderApiDocs());
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
