// docs/architecture.md § "Adding a product" says how many shared source files a new product names
// itself in: its registry lines. This counts them as `npm run house:figures` does and fails above
// the recipe's number, so the recipe stays true; the products built before the recipe are held to
// what they name today, so the count only goes down.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { houseFigures, type Product, withoutComments } from '../../scripts/house-figures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const figures = houseFigures(root);

/** Files that use a product's word for something else; the textual count cannot tell. */
const otherMeanings: Partial<Record<Product, Record<string, string>>> = {
  ai: { 'core/wallet/proof-encoding.ts': 'an index named `ai` beside `bi`' },
  subscription: {
    'server/bus/nats-bus.ts': "a NATS subject's subscription",
    'server/binance/market-socket.ts': "Binance's stream request `LIST_SUBSCRIPTIONS`",
    'server/binance/ws-api-connection.ts': "a Binance user data stream's `subscriptionId`",
    'server/binance/ws-api-requests.ts': "a Binance user data stream's `subscriptionId`",
  },
  option: { 'src/debug/DebugPage.tsx': 'an HTML <option>' },
  contract: Object.fromEntries(
    [
      'server/chain/holdings.ts',
      'server/chain/evm/send-funds.ts',
      'server/chain/evm/status-ops.ts',
      'server/chain/evm/sweeper.ts',
      'server/chain/evm/test-usdt.artifact.json',
    ].map((file) => [file, "the token's contract on the chain"]),
  ),
  spot: Object.fromEntries(
    ['bl', 'en', 'es', 'fr', 'it', 'pt'].map((language) => [
      `server/content/default-documents/${language}.ts`,
      'the default articles speak of spot trading',
    ]),
  ),
};

/** Shared source files that name the product, its locale keys left out (the recipe allows them). */
function sharedSourceFiles(product: Product): string[] {
  const others = otherMeanings[product] ?? {};
  return figures.sharedFilesNaming[product].filter(
    (file) => !file.startsWith('src/i18n/locales/') && !(file in others),
  );
}

function recipeNumber(): number {
  const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = text.slice(text.indexOf('## Adding a product'));
  const match = /names itself in \*\*(\d+)\*\* shared source files/.exec(section);
  if (!match?.[1]) throw new Error('the recipe no longer states its number');
  return Number(match[1]);
}

/** The recipe's two further lines, for a product that sends frames of its own. */
const channelLines = ['schemas/channel-registry.ts', 'schemas/channel-data.ts'] as const;

/** What the recipe allows a product: its number, and the channel lines if it has channels. */
function allowedFor(files: readonly string[]): number {
  return recipeNumber() + (files.includes(channelLines[0]) ? channelLines.length : 0);
}

/** The products built before the recipe, at what they name today: a ceiling that only comes down. */
const olderProducts: Partial<Record<Product, number>> = { spot: 28, contract: 27, option: 22 };

describe('the recipe for adding a product', () => {
  it.each(['ai', 'subscription'] as const)(
    'holds %s to the number of shared files it states',
    (product) => {
      const files = sharedSourceFiles(product);
      expect(files.length).toBeLessThanOrEqual(allowedFor(files));
    },
  );

  it.each(Object.entries(olderProducts))(
    'holds %s, built before it, to what it names today',
    (product, ceiling) => {
      expect(sharedSourceFiles(product as Product).length).toBeLessThanOrEqual(ceiling);
    },
  );

  it('finds no import from one product into another', () => {
    expect(figures.crossProductImports).toEqual([]);
  });

  it('reads code without its comments, and a string is not a comment', () => {
    const code = withoutComments("const a = '`/x/*`'; // note\nimport b from './b.ts';", 'a.ts');
    expect(code).toContain("import b from './b.ts'");
    expect(code).not.toContain('note');
    expect(withoutComments("const u = 'http://x'; /* c */ const r = /['\"]/;", 'a.ts')).toBe(
      "const u = 'http://x';   const r = /['\"]/;",
    );
  });
});
