// Runs axe on what a page shows and reports the findings that block a user (serious and critical
// ones, and a broken page outline), each with its rule, the elements it names and the page.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, the level the app promises, and axe's best practices,
 * which hold the rules on a page's structure.
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Minor and moderate findings are worth reading, but these two block a user. */
const blockingImpacts = new Set(['serious', 'critical']);

/**
 * A page's outline as a screen reader lists it (one main landmark, a first-level heading, no
 * skipped levels) is how a user finds their way; axe rates these moderate, we hold to them.
 */
const structureRules = new Set(['landmark-one-main', 'page-has-heading-one', 'heading-order']);

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The rules that read colours: all that can find something new when only the theme changes, the
 * page's elements, names and outline staying what they were.
 */
export const colourRules = ['color-contrast', 'link-in-text-block'];

/** Every rule of the promised level, or only `rules` (both are axe's `runOnly`: one or the other). */
export async function blockingFindings(
  page: Page,
  where: string,
  rules?: readonly string[],
): Promise<Finding[]> {
  // Only violations are read: axe then keeps one node, not every one, of what passed or was left
  // undecided, which was most of its time on a busy page.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (rules ? builder.withRules([...rules]) : builder.withTags(tags)).analyze();
  return results.violations
    .filter(
      (violation) =>
        blockingImpacts.has(violation.impact ?? '') || structureRules.has(violation.id),
    )
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
