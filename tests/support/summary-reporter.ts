// Ends a run with one plain line, `vitest: N passed, N failed, N skipped`, that any CI can read.
// When `TEST_FAILURES_FILE` names a file, every failed test, failed file and unhandled error is
// also appended to it, one line each: `npm test` runs three projects one after another and prints
// that file last, so a CI that keeps only the end of the output still names what failed first.
import { appendFileSync } from 'node:fs';
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          failures.push(
            `${module.relativeModuleId} > ${test.fullName}: ${firstLine(result.errors)}`,
          );
        } else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
      const moduleErrors = module.errors();
      if (moduleErrors.length > 0) {
        failures.push(`${module.relativeModuleId}: ${firstLine(moduleErrors)}`);
      }
    }
    for (const error of unhandledErrors) failures.push(`unhandled: ${firstLine([error])}`);
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const file = process.env.TEST_FAILURES_FILE;
    if (file && failures.length > 0) appendFileSync(file, `${failures.join('\n')}\n`);
  }
}

function firstLine(errors: ReadonlyArray<SerializedError> | undefined): string {
  const error = errors?.[0];
  if (!error) return 'no error recorded';
  const text = `${error.name ?? 'Error'}: ${error.message ?? ''}`;
  return text.split('\n', 1)[0]?.slice(0, 300) ?? text;
}
