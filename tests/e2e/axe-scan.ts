// Runs axe on what a page shows and reports the serious and critical findings, each with its
// rule, the elements it names and the page it was found on.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the level the app promises. */
const wcagAa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Minor and moderate findings are worth reading, but these two block a user. */
const blocking = new Set(['serious', 'critical']);

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function blockingFindings(page: Page, where: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagAa).analyze();
  return results.violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.where}: ${finding.rule} (${finding.impact}) ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}
