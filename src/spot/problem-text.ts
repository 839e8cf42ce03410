// The i18n key and values of a form problem: a missing field names itself, the rest share one
// message per rule.
import type { SpotProblem } from '../../workers/facade.ts';

export function problemText(problem: SpotProblem): {
  key: string;
  values: Record<string, string | number>;
} {
  const key =
    problem.rule === 'required'
      ? `spot.problems.required.${problem.field}`
      : `spot.problems.${problem.rule}`;
  return { key, values: problem.params };
}
