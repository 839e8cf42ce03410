// `npm run bench`: runs every benchmark in bench/, one after another, each printing its own table;
// `npm run bench -- NAME` runs NAME.bench.ts, or when there is none every bench whose name has NAME.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
// A name picks its own bench (`orders` is not also `contract-orders`), else every bench it is part of.
const files = !only
  ? benches
  : benches.includes(`${only}.bench.ts`)
    ? [`${only}.bench.ts`]
    : benches.filter((name) => name.includes(only));

for (const file of files) {
  process.stdout.write(`\n## ${file}\n\n`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    run: () => Promise<void>;
  };
  await module.run();
}
