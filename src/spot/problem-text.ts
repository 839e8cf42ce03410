// The i18n key and values of a form problem: a missing field names itself, the rest share one
// message per rule. The decimals a field takes are what `offStep` counts ("at most 1 decimal"),
// and the strings pick a plural form by `count`.
import type { SpotProblem } from '../../workers/facade.ts';

export function problemText(problem: SpotProblem): {
  key: string;
  values: Record<string, string | number>;
} {
  const key =
    problem.rule === 'required'
      ? `spot.problems.required.${problem.field}`
      : `spot.problems.${problem.rule}`;
  const values = problem.params;
  return {
    key,
    values: problem.rule === 'offStep' ? { ...values, count: values.decimals } : values,
  };
}
