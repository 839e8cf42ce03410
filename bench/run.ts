// `npm run bench`: runs every benchmark in bench/, one after another, each printing its own table;
// `npm run bench -- NAME` runs NAME.bench.ts, or when there is none every bench whose name has NAME.
// Each runs in a process of its own with a time limit (`BENCH_MINUTES`, 20): one that fails, hangs
// or is killed loses only its own table, says so where the table would be, and the rest still run.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv[2];
const limitMs = Number(process.env.BENCH_MINUTES ?? 20) * 60_000;
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
// A name picks its own bench (`orders` is not also `contract-orders`), else every bench it is part of.
const files = !only
  ? benches
  : benches.includes(`${only}.bench.ts`)
    ? [`${only}.bench.ts`]
    : benches.filter((name) => name.includes(only));

/** Runs one bench; answers null when it finished, else what went wrong. */
function runOne(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', path.join(dir, 'run-one.ts'), file],
      { stdio: 'inherit' },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(null);
      else if (signal === 'SIGKILL') resolve(`stopped after ${limitMs / 60_000} minutes`);
      else resolve(`exited with ${signal ?? code}`);
    });
  });
}

const failed: string[] = [];
for (const file of files) {
  process.stdout.write(`\n## ${file}\n\n`);
  const failure = await runOne(file);
  if (failure) {
    failed.push(file);
    process.stdout.write(`\n**${file} measured nothing: ${failure}.**\n`);
  }
}
if (failed.length > 0) {
  process.stdout.write(`\n${failed.length} of ${files.length} failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
