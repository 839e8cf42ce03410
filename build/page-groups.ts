// Files of the build that gather small modules a page would otherwise fetch one by one: a hundred
// files under a kilobyte each cost a phone a request, a module record, gzip's fresh start and a
// preload link the page's main thread inserts (about 5 ms apiece at a phone's speed).
//
// - A product's pages, and the wallet's, load as one file per folder (`contract-pages-….js`).
// - The shared kit's parts the first screens use (`src/ui/`, read from the imports of home, the
//   market lists, a chart, a spot market and the articles) are one file, `kit-….js`; the kit's
//   other parts (the QR code, the purchase form, …) stay with the pages using them. The products'
//   entries (src/products.ts: their menu entries and home's slides) join that file.
//
// The bundler is asked to group the modules named here only, not everything they import
// (`includeDependenciesRecursively: false`), so the components several pages share stay where
// the others find them and home loads nothing of a product. Each group names, with its own
// modules, those only its modules import (a product's state machines, say): left out, they would
// land in a page's own file, which imports the group, which imports them back. The built files
// import no file that imports them back (`tests/e2e/bundle-budget.test.ts`), and nothing outside
// a page folder imports into it but for the folder's `entry.ts` (`tests/unit/page-groups.test.ts`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { productFolders } from './product-registry.ts';

/**
 * The folders whose pages load as one file each: the products' whose pages load apart
 * (build/product-registry.ts reads them from src/products.ts), and the wallet's.
 */
export function pageGroupFolders(root: string): string[] {
  return [...productFolders(root, 'apart'), 'wallet'];
}

/**
 * The first screens' folders: home, the market lists and a chart, the products' whose pages load
 * with the first screens (a spot market), articles.
 */
function firstScreenFolders(root: string): string[] {
  return ['home', 'market', 'chart', ...productFolders(root, 'first-screens'), 'content'];
}

const staticImport = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const sideEffectImport = /^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const dynamicImport = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The app's own modules, as the bundle has them: from the entry through every import, static or
 * dynamic; for each its static imports, and who imports each statically.
 */
function importGraph(root: string) {
  const imports = new Map<string, string[]>();
  const importers = new Map<string, Set<string>>();
  const read = (file: string) => {
    if (imports.has(file) || !/\.tsx?$/.test(file) || !existsSync(file)) return;
    const text = readFileSync(file, 'utf8');
    const resolve = ([, specifier]: RegExpMatchArray) =>
      path.resolve(path.dirname(file), specifier as string);
    const found = [...text.matchAll(staticImport), ...text.matchAll(sideEffectImport)].map(resolve);
    imports.set(file, found);
    for (const imported of found) {
      const by = importers.get(imported) ?? new Set<string>();
      importers.set(imported, by.add(file));
      read(imported);
    }
    for (const loaded of [...text.matchAll(dynamicImport)].map(resolve)) read(loaded);
  };
  read(path.join(root, 'src', 'main.tsx'));
  return { imports, importers };
}

type Graph = ReturnType<typeof importGraph>;

/** The bundle's modules in `src/<folder>/`. */
function modulesIn(root: string, folder: string, graph: Graph): string[] {
  const inside = path.join(root, 'src', folder) + path.sep;
  return [...graph.imports.keys()].filter((file) => file.startsWith(inside));
}

/**
 * A product's entry (`entry.ts`: its menu entry and home's slide, src/products.ts) is the one
 * module of its folder that loads without its pages; grouped with them, it would bring them along.
 */
export const folderEntryFile = 'entry.ts';

/** The modules of a page folder that load with its pages: all but its entry. */
function pageModulesIn(root: string, folder: string, graph: Graph): string[] {
  return modulesIn(root, folder, graph).filter((file) => path.basename(file) !== folderEntryFile);
}

/** `roots` and every module that only modules of the set import, grown until it holds. */
function withOwnDependencies(roots: Iterable<string>, graph: Graph): Set<string> {
  const owned = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const module of [...owned]) {
      for (const imported of graph.imports.get(module) ?? []) {
        if (owned.has(imported)) continue;
        const by = graph.importers.get(imported) ?? new Set<string>();
        if ([...by].every((importer) => owned.has(importer))) {
          owned.add(imported);
          grew = true;
        }
      }
    }
  }
  return owned;
}

/** The `src/ui/` modules the first screens reach through `src/ui/` imports. */
function firstScreenKit(root: string, graph: Graph): Set<string> {
  const ui = path.join(root, 'src', 'ui') + path.sep;
  const kit = new Set<string>();
  const visit = (file: string) => {
    for (const imported of graph.imports.get(file) ?? []) {
      if (!imported.startsWith(ui) || kit.has(imported)) continue;
      kit.add(imported);
      visit(imported);
    }
  };
  for (const folder of firstScreenFolders(root)) {
    for (const file of modulesIn(root, folder, graph)) visit(file);
  }
  return kit;
}

/**
 * The products' entries (src/products.ts and each folder's `entry.ts`): home's carousel shows
 * them on the first screen, so they load with the kit rather than in a file of their own.
 */
function productEntries(root: string, graph: Graph): string[] {
  const registry = path.join(root, 'src', 'products.ts');
  return [registry, ...(graph.imports.get(registry) ?? [])];
}

function group(name: string, modules: Set<string>) {
  return { name, test: (id: string) => modules.has(id.split('?')[0] ?? id) };
}

/** The bundler's groups: one per page folder, and the first screens' kit. */
export function bundleGroups(root: string) {
  const graph = importGraph(root);
  return [
    ...pageGroupFolders(root).map((folder) =>
      group(`${folder}-pages`, withOwnDependencies(pageModulesIn(root, folder, graph), graph)),
    ),
    group(
      'kit',
      withOwnDependencies([...firstScreenKit(root, graph), ...productEntries(root, graph)], graph),
    ),
  ];
}
