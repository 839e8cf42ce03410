// Who may write what decides a second contract, read from the source itself: the index prints are
// written only by the print recorder (and pruned by it past their retention); contracts and
// settlements only by the contract store, contracts only ever inserted (no statement changes one)
// and without any outcome, settlements only through the writer, and the writer's settlement only
// by the settler, from prints it reads back from the database. No route, no operator command and
// no setting reaches any of them; the integration test (option.test.ts) sends every call and every
// operator command a forged outcome and finds nothing changed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const server = sources('server');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Files that write to `table` in SQL or through the query builder. */
function writersOf(table: string): string[] {
  const sql = new RegExp(`(insert\\s+into|update|delete\\s+from)\\s+${table}\\b`, 'i');
  const builder = new RegExp(
    `(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\\(\\s*'${table}'`,
  );
  return server.filter((file) => {
    const text = read(file);
    return sql.test(text) || builder.test(text);
  });
}

const callersOf = (pattern: RegExp, except: string) =>
  server.filter((file) => file !== except && pattern.test(read(file)));

describe('what decides a second contract', () => {
  it('has one writer of prints, and one of contracts and settlements', () => {
    expect(writersOf('index_prints')).toEqual(['server/market/print-recorder.ts']);
    expect(writersOf('option_contracts')).toEqual(['server/option/option-store.ts']);
    expect(writersOf('option_settlements')).toEqual(['server/option/option-store.ts']);
    const store = read('server/option/option-store.ts');
    expect(store).not.toMatch(/(update|delete\s+from)\s+option_(contracts|settlements)/i);
  });

  it('settles only through the writer, and the writer only on the settler', () => {
    expect(callersOf(/\binsertSettlements\(/, 'server/option/option-store.ts')).toEqual([
      'server/option/option-writer.ts',
    ]);
    expect(callersOf(/\bwriter\.settle\(/, 'server/option/option-writer.ts')).toEqual([
      'server/option/option-settler.ts',
    ]);
    // The settler decides by the published rule from the prints it reads, and nothing else.
    const settler = read('server/option/option-settler.ts');
    expect(settler).toMatch(/from '\.\.\/\.\.\/core\/option\/settlement\.ts'/);
    expect(settler).toMatch(/printsIn\(/);
  });

  it('keeps no outcome, price or payout on a contract', () => {
    const migration = read('server/option/migrations/0010-option.ts');
    const table = migration.slice(migration.indexOf('create table option_contracts'));
    const columns = table
      .slice(table.indexOf('(') + 1, table.indexOf(')`'))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('--') && !line.startsWith('check'))
      .map((line) => line.split(' ')[0]);
    expect(columns).toEqual([
      'id',
      'user_id',
      'symbol',
      'direction',
      'unit',
      'length',
      'stake',
      'rate_ppm',
      'accepted_at',
      'open_time',
      'expiry_time',
    ]);
  });
});
