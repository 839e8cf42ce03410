// The products' ledger declarations (server/ledgers.ts): every posting kind shows in a user's
// records (or is declared the operator's own), under a type and label the wire contract lists and
// every language names; kinds and accounts are declared once; references read back what built them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordLabel, recordType } from '../../schemas/api/wallet.schema.ts';
import { languages } from '../../schemas/languages.ts';
import { shortfallReference } from '../../server/contract/ledger-kinds.ts';
import { sharedSystemAccounts } from '../../server/ledger/accounts.ts';
import { colonReference } from '../../server/ledger/kinds.ts';
import { declaredSystemAccounts, postingKinds, productLedgers } from '../../server/ledgers.ts';
import { seedReference } from '../../server/market-kernel/ledger-kinds.ts';
import { poolFundReference } from '../../server/option/ledger-kinds.ts';
import { commissionReference } from '../../server/referrals/ledger-kinds.ts';
import { releaseReference } from '../../server/spot/ledger-kinds.ts';
import { depositReference } from '../../server/wallet/ledger-kinds.ts';

const root = path.resolve(import.meta.dirname, '../..');
const recordStrings = (language: string) => {
  const table = JSON.parse(
    readFileSync(path.join(root, 'src/i18n/locales', `${language}.json`), 'utf8'),
  ) as { wallet: { records: { types: Record<string, string>; labels: Record<string, string> } } };
  return table.wallet.records;
};

describe('posting kinds', () => {
  it('each shows in the records under a listed type and label, or is the operator’s own', () => {
    const missing: string[] = [];
    for (const [kind, definition] of postingKinds) {
      const record = definition.record;
      if (record === undefined || record === null) {
        missing.push(`${kind}: no record shape`);
        continue;
      }
      if (record === 'operator') continue;
      if (!recordType.options.includes(record.type)) missing.push(`${kind}: type ${record.type}`);
      const labels =
        typeof record.label === 'function'
          ? ['USDT', 'BTC', 'NEWTOKEN'].flatMap((asset) =>
              [1n, -1n].map((amount) => (record.label as (l: object) => string)({ asset, amount })),
            )
          : [record.label];
      for (const label of labels) {
        if (!(recordLabel.options as readonly string[]).includes(label)) {
          missing.push(`${kind}: label ${label}`);
        }
      }
      if (!['balance', 'available', 'moved'].includes(record.sign)) {
        missing.push(`${kind}: sign ${String(record.sign)}`);
      }
    }
    expect(missing).toEqual([]);
    expect(postingKinds.size).toBeGreaterThan(25);
  });

  it('are each declared by one product', () => {
    const names = productLedgers.flatMap((ledger) => Object.keys(ledger.kinds));
    expect(names.length).toBe(new Set(names).size);
    expect(postingKinds.size).toBe(names.length);
  });

  it('have their types and labels in every language', () => {
    const missing: string[] = [];
    for (const language of languages) {
      const strings = recordStrings(language);
      for (const type of recordType.options) {
        if (!strings.types[type]) missing.push(`${language}: type ${type}`);
      }
      for (const label of recordLabel.options) {
        if (!strings.labels[label]) missing.push(`${language}: label ${label}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('system accounts', () => {
  it('are the shared ones and each product’s, named once and said what they hold', () => {
    for (const ledger of productLedgers) {
      for (const account of ledger.systemAccounts as readonly { name: string; holds: string }[]) {
        expect(sharedSystemAccounts as readonly string[]).not.toContain(account.name);
        expect(account.holds.length).toBeGreaterThan(10);
      }
    }
    expect(declaredSystemAccounts).toEqual(expect.arrayContaining([...sharedSystemAccounts]));
    expect(declaredSystemAccounts).toEqual(
      expect.arrayContaining(['contract_clearing', 'option_pool', 'ai_reserve', 'issuance']),
    );
    expect(declaredSystemAccounts.length).toBe(new Set(declaredSystemAccounts).size);
  });
});

describe('references', () => {
  const text = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
  const id = fc.integer({ min: 0, max: 2 ** 40 });

  it('read back the parts they were built from', () => {
    const format = colonReference('p:q', { a: 'int', b: 'text', c: 'text' });
    fc.assert(
      fc.property(id, text, fc.array(text, { minLength: 1, maxLength: 3 }), (a, b, rest) => {
        // The last text part may itself hold colons.
        const parts = { a, b, c: rest.join(':') };
        expect(format.parse(format.build(parts))).toEqual(parts);
      }),
    );
    fc.assert(
      fc.property(text, text, fc.option(id, { nil: undefined }), (chain, txid, logIndex) => {
        const parts = logIndex === undefined ? { chain, txid } : { chain, txid, logIndex };
        expect(depositReference.parse(depositReference.build(parts))).toEqual(parts);
      }),
    );
    fc.assert(
      fc.property(id, fc.boolean(), (order, resting) => {
        const parts = { order, resting };
        expect(releaseReference.parse(releaseReference.build(parts))).toEqual(parts);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('spot', 'contract'), id, id, (market, a, b) => {
        const parts = { market, takerOrder: a, fill: b } as const;
        expect(commissionReference.parse(commissionReference.build(parts))).toEqual(parts);
      }),
    );
    fc.assert(
      fc.property(text, id, (of, user) => {
        const parts = { of: `contract:fill:${of}`, user };
        expect(shortfallReference.parse(shortfallReference.build(parts))).toEqual(parts);
      }),
    );
    for (const parts of [
      { wallet: 'funding', asset: 'BTC' },
      { wallet: 'contract', asset: 'USDT' },
    ]) {
      expect(seedReference.parse(seedReference.build(parts))).toEqual(parts);
    }
    for (const parts of [{ funding: 'seed' }, { funding: 'f00d-1' }]) {
      expect(poolFundReference.parse(poolFundReference.build(parts))).toEqual(parts);
    }
  });

  it('refuse text of another form', () => {
    const format = colonReference('spot:fill', { takerOrder: 'int', n: 'int' });
    for (const text of ['spot:fill:1', 'spot:fill:a:1', 'spot:freeze:1:2', 'spot:fill:1:2:3', '']) {
      expect(format.parse(text)).toBeNull();
    }
    expect(format.parse('spot:fill:14605:0')).toEqual({ takerOrder: 14605, n: 0 });
    expect(depositReference.parse('withdrawal:1:sent')).toBeNull();
  });
});
