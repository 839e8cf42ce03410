// What a phone downloads, from the build's manifest: the critical path (the entry, everything it
// imports statically, its styles, the core worker it starts with the files that imports
// statically, and the active language's strings)
// and the whole app (every script and style a user can reach; of the nine languages' strings only
// one's, the shell's and the products', since a user loads one). Sizes are gzip at level 9, as the
// server sends them, so they are the same on every machine and run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { languages } from '../schemas/languages.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * What a phone's download is held to, gzip (docs/decisions.md § "Delivery and the first screen").
 * `target` is the goal; `ceiling` is what the build may not pass now, and comes down with each
 * step towards the goal, so the app never grows back.
 */
export const bundleBudgets = {
  // The targets are measured with every package of the design card in (i18next for the
  // strings' plural forms, Dexie for the event log, d3 for the charts); the whole app's ceiling
  // is above its target by what those three add (docs/decisions.md § "The budgets"). Account
  // security added 2.6 KiB to the critical path (the login's second step and its fields, the
  // new routes and refusals) and 28.3 to the whole app (the security center's pages, strings and
  // styles, the passkeys page and the WebAuthn library, loaded only with them); the refusal of a
  // reserve proof's messages 0.1 more. The proof-of-reserves page added 0.11 KiB to the critical
  // path (its route, its domain's name in the worker, its title) and 6.9 to the whole app (the
  // page in the wallet's file, its strings, and its worker domain with SHA-256 and the verifier,
  // loaded only with the page).
  // The live deposits added 0.25 KiB to the critical path (the `deposits` frame's event and fold
  // in the worker, the deposit and withdrawal rows' new strings) and 1.2 to the whole app (the
  // wallet's live views and the deposit page's part, loaded with the wallet's pages).
  // Products standing alone added 1.6 KiB to the critical path: the router's typed tree (each
  // route made once with its query reader, so links are checked against the table) and the
  // products' menu and home entries, which the menu and home read from the products' folders;
  // and 2.2 to the whole app (those, the records' new types and labels, the products' own styles).
  // Scripts that no longer name their source maps took 3.2 KiB off the whole app, and the whole
  // app's ceiling comes down with it; the markdown documents' pages and the session's notice above
  // the login form added 0.15 KiB to the critical path and 0.45 to the whole app.
  // Live screens added 0.13 KiB to the critical path (the spot form's preview strings in the
  // shell's file, the pushed withdrawal and verification frames' kinds in the worker) and 2.1 to
  // the whole app: the order previews that walk the book and the limit form's total on the spot
  // trade page (0.9), the futures preview and fill notice (0.2), their strings, and the wallet's
  // live balances and withdrawals and the verification page's pushed decision (0.5).
  // Live screens' second part added 0.7 KiB to the critical path, which now stands 0.43 over its
  // 170 target: the worker's first file reads every answer it logs, so the notifications' fold
  // and the pushed frames' kinds (0.3), the wallet's new answers (today's figures, small balances,
  // a balance's price basis: 0.2) and the handlers' names of the new calls (0.1) are in it; and
  // the notifications' route and the new strings in the shell's file (0.1). Loaded apart to keep
  // it there: the bell, the confirmation dialog, the signed-in home's card, the chart page's bar
  // and the Deals tab's rows. The whole app grew 14.8 KiB; each change's two builds measured
  // futures' pair sheet, chart lines and TP/SL checks at 2.7, the notification centre at 3.2, the
  // invite poster, pre-sale valuation and dust rounding at 1.9, the small balances' sheet at 1.8
  // and the second contract's, AI and pre-sale fixes at 1.6; the Deals tab, the signed-in home,
  // the chart page's bar and the split chunks' own overhead are the rest.
  // The AI orders' and pre-sales' pushed outcomes added 0.13 KiB to the critical path (170.46
  // before, 170.59 after, two builds): their channels' names, frame events and folds, which the
  // worker's first file holds with every other fold; the perpetual's chart of its own trades 0.2
  // more (below). The critical path now stands 0.79 over its 170 target.
  // API keys added 0.04 KiB to the critical path (170.79 before, 170.83 after, two builds): the
  // worker's first file knows every code the app may answer, and three are new; their screens,
  // strings and checks are not on it. The API keys' page added 0.13 KiB more (170.83 before,
  // 170.92 to 170.96 after, four builds, the page file's hash in the route table gzipping
  // differently each time): its route in the table and the router, and its four calls' names in
  // the worker's first file; the page, its strings and styles and its calls load with it.
  critical: { targetKiB: 170, ceilingKiB: 171 },
  // The perpetual's chart of its own trades (the Last price | Index toggle and its note, the chart
  // taking a source, the perpetual's call in a file of its own) added 0.73 KiB to the whole app,
  // measured on two builds (412.15 before, 412.88 after), and 0.26 to the critical path (170.53
  // before, 170.78 after: the worker's chart choosing its call, channel and series by source, and
  // the `perpetual-kline` channel's name, guard and fold), raised above with the pushed outcomes.
  // Those outcomes' words in the notification list added 0.2 KiB to the whole app (412.92).
  // The API keys' page added 5 KiB (412.89 before, 417.93 after): the page 2.9, its strings
  // 0.75, its calls in the security domain with their schemas 0.8, its styles 0.45.
  whole: { targetKiB: 320, ceilingKiB: 417.95 },
} as const;

export interface SizedFile {
  file: string;
  gzipBytes: number;
}

export interface LanguageFile extends SizedFile {
  language: string;
  /** The part after the language (`products`, `pages`), or null for the shell's. */
  product: string | null;
}

export interface BundleSize {
  critical: SizedFile[];
  criticalBytes: number;
  /** Every script and style but the other languages' strings. */
  wholeBytes: number;
  /** Every file a language's strings are in: the shell's, and the products'. */
  languageFiles: LanguageFile[];
}

const gzipBytes = (dist: string, file: string) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;
/** A language's strings: `en-….js` the shell's, `en.products-….js` the products'. */
const languageFile = new RegExp(`^assets/(${languages.join('|')})(\\.\\w+)?-[\\w-]+\\.js$`);

/** A script's own `import … from "./x.js"` and `import "./x.js"`, not its `import("./x.js")`. */
const staticImport = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[\w.-]+\.js)["']/g;

/** A script and, recursively, the scripts of its folder it imports statically. */
function withStaticImports(dist: string, file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const [, imported] of code.matchAll(staticImport)) {
    withStaticImports(dist, path.posix.join(path.posix.dirname(file), imported as string), into);
  }
}

export function measureBundle(dist: string, language = 'en'): BundleSize {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build manifest at ${manifestPath}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  // The core worker is started by the entry; its file is named in the entry's code. The worker is
  // bundled apart, without a manifest: the files it needs at once are its static imports.
  for (const file of [...files]) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const [worker] of code.matchAll(/[\w.-]+\.worker-[\w-]+\.js/g))
      withStaticImports(dist, `assets/${worker}`, files);
  }
  const assets = readdirSync(path.join(dist, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => `assets/${name}`);
  const languageFiles = assets.flatMap((file): LanguageFile[] => {
    const match = languageFile.exec(file);
    if (!match?.[1]) return [];
    const product = match[2]?.slice(1) ?? null;
    return [{ file, gzipBytes: gzipBytes(dist, file), language: match[1], product }];
  });
  const active = languageFiles.find((sized) => sized.language === language && !sized.product);
  if (active) files.add(active.file);
  const critical = [...files].map((file) => ({ file, gzipBytes: gzipBytes(dist, file) }));
  const others = new Set(
    languageFiles.filter((sized) => sized.language !== language).map((sized) => sized.file),
  );
  const wholeBytes = assets
    .filter((file) => !others.has(file))
    .reduce((sum, file) => sum + gzipBytes(dist, file), 0);
  return {
    critical,
    criticalBytes: critical.reduce((sum, sized) => sum + sized.gzipBytes, 0),
    wholeBytes,
    languageFiles,
  };
}
