// The i18n key and values of a form problem: a missing field names itself, the rest share one
// message per rule.
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
  return { key, values: problem.params ?? {} };
}
