// The i18n key and values of a form problem: a missing field names itself, the rest share one
// message per rule. The decimals a field takes are what `offStep` counts ("at most 1 decimal"),
// and the strings pick a plural form by `count`.
import type { ContractField, ContractRule } from '../../workers/facade.ts';

export function contractProblemText(problem: {
  field: ContractField;
  rule: ContractRule;
  params?: Readonly<Record<string, string | number>>;
}): { key: string; values: Readonly<Record<string, string | number>> } {
  const key =
    problem.rule === 'required'
      ? `contract.problems.required.${problem.field}`
      : `contract.problems.${problem.rule}`;
  const values = problem.params ?? {};
  return {
    key,
    values: problem.rule === 'offStep' ? { ...values, count: values.decimals ?? 0 } : values,
  };
}
