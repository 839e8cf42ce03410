// The products, as the build needs them, from their one registry (src/products.ts): the folders
// of its `./<folder>/entry.ts` imports, and when each product's pages load, which its entry's
// folder declares beside its entry (`productLoad`, src/shell/product-entry.ts). So the build's
// files (build/page-groups.ts, vite.config.ts) and the strings' checks name no product.
//
// Read as text, as build/page-groups.ts reads imports: importing an entry would bring the route
// table and every page's loader with it, which the build's configuration cannot run, and the
// registry's lines and the declaration are plain enough for a pattern.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProductLoad } from '../src/shell/product-entry.ts';

export interface RegisteredProduct {
  /** The product's folder, `src/<folder>/`; its strings' table and worker domain share the name. */
  folder: string;
  load: ProductLoad;
}

const entryImport = /^\s*import\s+[^'"]*?from\s+['"]\.\/([\w-]+)\/entry\.ts['"]/gm;
const loadDeclaration = /^export\s+const\s+productLoad\b[^=]*=\s*['"]([\w-]+)['"]/m;
const loads: readonly ProductLoad[] = ['first-screens', 'apart'];

function isProductLoad(word: string | undefined): word is ProductLoad {
  return loads.some((load) => load === word);
}

/** The registry's products, in the order of its imports, each with when its pages load. */
export function registeredProducts(root: string): RegisteredProduct[] {
  const src = path.join(root, 'src');
  const registry = readFileSync(path.join(src, 'products.ts'), 'utf8');
  const folders = [...registry.matchAll(entryImport)].map(([, folder]) => folder as string);
  if (folders.length === 0) throw new Error('src/products.ts imports no `./<folder>/entry.ts`');
  return folders.map((folder) => {
    const entry = readFileSync(path.join(src, folder, 'entry.ts'), 'utf8');
    const load = loadDeclaration.exec(entry)?.[1];
    if (!isProductLoad(load)) {
      throw new Error(
        `src/${folder}/entry.ts does not say when its pages load: ` +
          `export const productLoad: ProductLoad = '${loads.join("' | '")}'`,
      );
    }
    return { folder, load };
  });
}

/** The folders of the products whose pages load `load`. */
export function productFolders(root: string, load: ProductLoad): string[] {
  return registeredProducts(root)
    .filter((product) => product.load === load)
    .map((product) => product.folder);
}
