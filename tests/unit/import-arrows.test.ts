// docs/architecture.md: arrows point one way. This fails when a file imports across them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../../scripts/house-figures.ts';
import { checkFile, type Layer, readImports } from '../support/import-arrows.ts';

const root = path.resolve(import.meta.dirname, '../..');
const layers: Layer[] = ['schemas', 'core', 'workers', 'src', 'server'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('import arrows', () => {
  it.each(layers)('%s/ imports only what docs/architecture.md allows', (layer) => {
    const violations = sourceFiles(path.join(root, layer)).flatMap((file) =>
      checkFile(layer, file, readFileSync(file, 'utf8'), root),
    );
    expect(violations).toEqual([]);
  });

  it('catches a forbidden import, and lets a type-only one through', () => {
    const file = path.join(root, 'core', 'example.ts');
    const source = [
      "import { readFile } from 'node:fs';",
      "import { App } from '../src/App.tsx';",
      "import type { Facade } from '../workers/facade.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(checkFile('core', file, source, root).map((v) => v.specifier)).toEqual([
      'node:fs',
      '../src/App.tsx',
    ]);
  });

  it('reads multi-line and re-export statements', () => {
    const source =
      "import {\n  a,\n  b,\n} from './a.ts';\nexport * from '../server/x.ts';\nimport './side.css';";
    expect(readImports(source).map((entry) => [entry.specifier, entry.line])).toEqual([
      ['./a.ts', 1],
      ['../server/x.ts', 5],
      ['./side.css', 6],
    ]);
  });

  it('keeps the shared parts of the server (gateway, matching, ledger, operator API) product-free', () => {
    const server = path.join(root, 'server');
    const products = readdirSync(server, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(path.join(server, entry.name, 'module.ts')),
      )
      .map((entry) => path.join(server, entry.name));
    expect(products.length).toBeGreaterThan(0);
    const shared = ['gateway', 'matching', 'ledger', 'ops'].map((name) => path.join(server, name));
    const crossings = shared.flatMap(sourceFiles).flatMap((file) =>
      readImports(readFileSync(file, 'utf8'))
        .filter((entry) => entry.specifier.startsWith('.'))
        .map((entry) => path.resolve(path.dirname(file), entry.specifier))
        .filter((target) => products.some((product) => target.startsWith(`${product}${path.sep}`)))
        .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps the worker out of the UI bundle', () => {
    const file = path.join(root, 'src', 'bridge.ts');
    const violations = checkFile('src', file, "import { api } from '../workers/facade.ts';", root);
    expect(violations).toHaveLength(1);
  });
});

/**
 * Each import of `file` (a path from the root) that lands in another product's files: a product's
 * folder (`server/contract/…`) or a file named after one (`schemas/api/spot.schema.ts`), as
 * `npm run house:figures` counts them. Type-only imports count too: a product stands alone.
 */
function productCrossings(file: string, source: string): string[] {
  const owner = ownerOf(file);
  if (owner === undefined) return [];
  return readImports(source)
    .filter((entry) => entry.specifier.startsWith('.'))
    .map((entry) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), entry.specifier)),
    )
    .filter((target) => {
      const targetOwner = ownerOf(target);
      return targetOwner !== undefined && targetOwner !== owner;
    })
    .map((target) => `${file} → ${target}`);
}

describe('products stand alone (docs/architecture.md § "Adding a product")', () => {
  it.each(layers)('%s/: no product imports another product', (layer) => {
    const crossings = sourceFiles(path.join(root, layer)).flatMap((file) =>
      productCrossings(
        path.relative(root, file).split(path.sep).join('/'),
        readFileSync(file, 'utf8'),
      ),
    );
    expect(crossings).toEqual([]);
  });

  it('catches a product importing another, by folder or by name, and lets shared files through', () => {
    const source = [
      "import { spotMarketOf } from '../spot/spot-markets.ts';",
      "import type { OrderList } from '../../schemas/api/spot.schema.ts';",
      "import { bookMarketOf } from '../market-kernel/book-market.ts';",
      "import { priceText } from './contract-views.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(productCrossings('server/contract/contract-markets.ts', source)).toEqual([
      'server/contract/contract-markets.ts → server/spot/spot-markets.ts',
      'server/contract/contract-markets.ts → schemas/api/spot.schema.ts',
    ]);
    expect(
      productCrossings(
        'core/projections/contract-records.ts',
        "import type { Row } from '../../workers/option/types.ts';",
      ),
    ).toEqual(['core/projections/contract-records.ts → workers/option/types.ts']);
    expect(
      productCrossings('core/market/units.ts', "import { x } from '../spot/order-form.ts';"),
    ).toEqual([]);
  });
});
