// What a phone downloads (`npm run bench -- bundle`), from the last `npm run build`: the critical
// path file by file and the whole app, gzip, against the budgets of 150 KiB and 300 KiB. Sizes
// are deterministic: no baseline run is needed beside them. `tests/e2e/bundle-budget.test.ts`
// fails the build past the ceilings.
import path from 'node:path';
import { bundleBudgets, measureBundle } from '../build/bundle-size.ts';
import { markdownTable } from './table.ts';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const budget = ({ targetKiB, ceilingKiB }: { targetKiB: number; ceilingKiB: number }) =>
  `target ${targetKiB}, ceiling ${ceilingKiB}`;

export async function run(): Promise<void> {
  const size = measureBundle(path.resolve(import.meta.dirname, '../dist'));
  const right = (title: string) => ({ title, align: 'right' as const });
  const rows = [...size.critical]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((sized) => [sized.file, kib(sized.gzipBytes)]);
  rows.push([
    '**critical path**',
    `**${kib(size.criticalBytes)}** (${budget(bundleBudgets.critical)})`,
  ]);
  rows.push([
    '**whole app, one language**',
    `**${kib(size.wholeBytes)}** (${budget(bundleBudgets.whole)})`,
  ]);
  process.stdout.write(`${markdownTable([{ title: 'file' }, right('KiB gzip')], rows)}\n`);
}
