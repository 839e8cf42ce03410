// No words are written into the screens' markup: every text a user reads (and every label a screen
// reader reads) comes through t() from the nine locale files, so none stays English in Hebrew or
// Chinese. Asset codes such as USDT are symbols, the same in every language.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '../../src');
/** Symbols that read the same in every language. */
const symbols = new Set(['USDT']);
/** Attributes whose text is read to the user or by a screen reader. */
const readAttributes = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'text']);
const word = /\p{L}{2,}/u;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Every word written as JSX text or as a read attribute's literal, as `file:line "text"`. */
function literalTexts(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  const report = (node: Node, text: string) => {
    const line = code.slice(0, node.start).split('\n').length;
    found.push(`${path.relative(srcDir, file)}:${line} ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: Node) => {
    if (node.type === 'JSXText') {
      const text = String(node.value);
      if (word.test(text) && !symbols.has(text.trim())) report(node, text);
    }
    if (node.type === 'JSXAttribute' && isNode(node.name) && isNode(node.value)) {
      const name = String(node.name.name);
      const value = node.value;
      if (readAttributes.has(name) && value.type === 'Literal' && word.test(String(value.value))) {
        report(node, String(value.value));
      }
    }
    for (const child of Object.values(node)) {
      for (const item of Array.isArray(child) ? child : [child]) if (isNode(item)) visit(item);
    }
  };
  visit(parseAst(code, { lang: 'tsx' }) as unknown as Node);
  return found;
}

describe('the screens', () => {
  it('write no words into their markup', () => {
    const files = readdirSync(srcDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(literalTexts)).toEqual([]);
  });
});
