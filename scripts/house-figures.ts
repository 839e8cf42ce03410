// The figures that say how well products stand alone (docs/architecture.md § "Adding a product"):
// shared files that name each product, imports from one product into another, casts, and files
// over 400 lines. `npm run house:figures` prints them; tests/unit/product-recipe.test.ts holds them
// to the recipe. The reading is textual, on purpose: it counts what a newcomer would have to edit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const products = ['spot', 'contract', 'option', 'subscription', 'ai'] as const;
export type Product = (typeof products)[number];

const tiers = ['schemas', 'core', 'workers', 'src', 'server', 'build'];
const rootFiles = ['vite.config.ts', 'index.html'];

export function sourceFiles(root: string): string[] {
  const inTiers = tiers.flatMap((tier) =>
    readdirSync(path.join(root, tier), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx|css|json)$/.test(entry.name))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  );
  return [...inTiers, ...rootFiles].map((file) => file.split(path.sep).join('/'));
}

/** The product a file belongs to: by its folder (`server/contract/…`) or its name (`…/contract.ts`). */
export function ownerOf(file: string): Product | undefined {
  const parts = file.split('/');
  const folder = products.find((product) => parts.slice(1, -1).includes(product));
  if (folder) return folder;
  const base = parts.at(-1) ?? '';
  return products.find((product) => new RegExp(`^${product}[-.]`, 'i').test(base));
}

function capitalized(word: string): string {
  return word[0]?.toUpperCase() + word.slice(1);
}

/** Whether code names the product: as a word, a string, or part of an identifier (`contractFold`). */
export function namingPattern(product: Product): RegExp {
  const upper = product.toUpperCase();
  const title = capitalized(product);
  return new RegExp(
    `(?<![A-Za-z])(?:${product}|${upper}|${title})(?![a-z])|(?<=[a-z0-9])(?:${title}|${upper})(?![a-z])`,
  );
}

/** Where a `/` starts a regular expression rather than dividing. */
const beforeRegex = /[(,=:[!&|?{};+\-*%<>~^]$|^$|\b(?:return|typeof|case|in|of)$/;

/**
 * Comments say why; only code counts. A small lexer, so a `//` or `/*` inside a string, a template
 * or a regular expression is not taken for a comment; CSS has only block comments.
 */
export function withoutComments(text: string, file: string, blankStrings = false): string {
  if (file.endsWith('.css')) return text.replace(/\/\*[\s\S]*?\*\//g, '');
  let code = '';
  let at = 0;
  const skipQuoted = (close: string) => {
    for (at++; at < text.length && text[at] !== close; at++) if (text[at] === '\\') at++;
    at++;
  };
  while (at < text.length) {
    const char = text[at] ?? '';
    const next = text[at + 1];
    const start = at;
    if (char === '/' && next === '/') {
      while (at < text.length && text[at] !== '\n') at++;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = text.indexOf('*/', at + 2);
      at = end < 0 ? text.length : end + 2;
      code += ' ';
      continue;
    }
    if (char === '"' || char === "'" || char === '`') {
      skipQuoted(char);
      // A string's words (an SQL alias such as 'users as u') are not the code's.
      if (blankStrings) {
        code += `${char}${char}`;
        continue;
      }
    } else if (char === '/' && beforeRegex.test(code.trimEnd())) {
      let inClass = false;
      for (at++; at < text.length && (inClass || text[at] !== '/') && text[at] !== '\n'; at++) {
        if (text[at] === '\\') at++;
        else if (text[at] === '[') inClass = true;
        else if (text[at] === ']') inClass = false;
      }
      at++;
    } else at++;
    code += text.slice(start, at);
  }
  return code;
}

export interface HouseFigures {
  sharedFilesNaming: Record<Product, string[]>;
  crossProductImports: string[];
  serverCasts: number;
  strictFalse: number;
  over400: string[];
}

const importPattern = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

export function houseFigures(root: string): HouseFigures {
  const files = sourceFiles(root);
  const sharedFilesNaming = Object.fromEntries(products.map((p) => [p, [] as string[]])) as Record<
    Product,
    string[]
  >;
  const crossProductImports: string[] = [];
  let serverCasts = 0;
  let strictFalse = 0;
  const over400: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const code = file.endsWith('.json') ? text : withoutComments(text, file);
    const owner = ownerOf(file);
    for (const product of products) {
      if (owner === undefined && namingPattern(product).test(code)) {
        sharedFilesNaming[product].push(file);
      }
    }
    for (const match of code.matchAll(importPattern)) {
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(file), match[1] ?? ''),
      );
      const targetOwner = ownerOf(target);
      if (owner && targetOwner && owner !== targetOwner) {
        crossProductImports.push(`${file} → ${target}`);
      }
    }
    if (file.startsWith('server/') && /\.tsx?$/.test(file)) {
      const bare = withoutComments(text, file, true);
      serverCasts += [...bare.matchAll(/\)?\s\bas\s+(?!const\b)[\w{[(<'"]/g)].filter(
        (m) => !/^\s*\*?\s*$/.test(m[0]),
      ).length;
      serverCasts -= [...bare.matchAll(/(?:import|export)\s*(?:type\s*)?\*\s+as\s/g)].length;
      serverCasts -= [...bare.matchAll(/\{[^}]*\b\w+\s+as\s+\w+[^}]*\}\s*from/g)].length;
    }
    strictFalse += [...code.matchAll(/strict:\s*false/g)].length;
    if (/\.(ts|tsx|css)$/.test(file) && text.split('\n').length > 400) over400.push(file);
  }
  return { sharedFilesNaming, crossProductImports, serverCasts, strictFalse, over400 };
}

if (process.argv[1]?.endsWith('house-figures.ts')) {
  const figures = houseFigures(path.resolve(import.meta.dirname, '..'));
  for (const product of products) {
    const named = figures.sharedFilesNaming[product];
    console.log(`shared files naming ${product}: ${named.length}`);
    for (const file of named) console.log(`  ${file}`);
  }
  console.log(`cross-product imports: ${figures.crossProductImports.length}`);
  for (const line of figures.crossProductImports) console.log(`  ${line}`);
  console.log(`'as' casts in server/: ${figures.serverCasts}`);
  console.log(`strict:false: ${figures.strictFalse}`);
  console.log(`files over 400 lines: ${figures.over400.length}`);
  for (const file of figures.over400) console.log(`  ${file}`);
}
