// `npm run bench`: runs every benchmark in bench/, one after another, each printing its own table.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();

for (const file of files) {
  process.stdout.write(`\n## ${file}\n\n`);
  const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    run: () => Promise<void>;
  };
  await module.run();
}
