// The import rules of docs/architecture.md, checked on source text: which folder may import what.
import { builtinModules } from 'node:module';
import path from 'node:path';

export type Layer = 'schemas' | 'core' | 'workers' | 'src' | 'server';

export interface ImportLine {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

const importPattern = /^\s*(import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** Every `import … from` / `export … from` / side-effect import, with whether it is type-only. */
export function readImports(source: string): ImportLine[] {
  const found: ImportLine[] = [];
  for (const match of source.matchAll(importPattern)) {
    const line = source.slice(0, match.index).split('\n').length;
    found.push({ specifier: match[3] ?? '', typeOnly: match[2] !== undefined, line });
  }
  return found;
}

const nodeBuiltins = new Set(builtinModules);

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || nodeBuiltins.has(specifier.split('/')[0] ?? '');
}

/** The layer a relative import lands in, or the package name for a bare one. */
function target(fromFile: string, specifier: string, root: string): string {
  if (!specifier.startsWith('.')) {
    const parts = specifier.split('/');
    return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
  }
  const resolved = path.relative(root, path.resolve(path.dirname(fromFile), specifier));
  return `./${resolved.split(path.sep)[0] ?? ''}`;
}

const rules: Record<Layer, (to: string, specifier: string) => string | undefined> = {
  schemas: (to) => (to === 'zod' || to === './schemas' ? undefined : 'schemas/ imports only zod'),
  core: (to, specifier) => {
    if (isNodeBuiltin(specifier)) return 'core/ uses no Node built-ins';
    if (['./src', './workers', './server'].includes(to))
      return `core/ never imports ${to.slice(2)}/`;
    if (['react', 'react-dom', 'dexie', 'comlink'].includes(to)) return `core/ never imports ${to}`;
    return undefined;
  },
  workers: (to) => {
    if (to === './src' || to === './server') return `workers/ never imports ${to.slice(2)}/`;
    if (to === 'react' || to === 'react-dom') return 'workers/ never imports React';
    return undefined;
  },
  src: (to, specifier) => {
    if (to === './server') return 'src/ never imports server/';
    if (to === './workers') return 'src/ imports the worker facade as a type only';
    if (isNodeBuiltin(specifier)) return 'src/ runs in the browser: no Node built-ins';
    return undefined;
  },
  server: (to) =>
    to === './src' || to === './workers' ? `server/ never imports ${to.slice(2)}/` : undefined,
};

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

export function checkFile(layer: Layer, file: string, source: string, root: string): Violation[] {
  return readImports(source).flatMap((entry) => {
    // A type-only import carries no code across the arrow (docs/architecture.md allows it for the
    // facade).
    if (entry.typeOnly) return [];
    const rule = rules[layer](target(file, entry.specifier, root), entry.specifier);
    return rule ? [{ file, line: entry.line, specifier: entry.specifier, rule }] : [];
  });
}
