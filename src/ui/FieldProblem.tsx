// What is wrong with one field, under it: the field names it with `aria-describedby` and marks
// itself `aria-invalid`, so a screen reader reads the problem with the field.
export function FieldProblem(props: {
  id: string;
  text: string | null;
  testId?: string | undefined;
}) {
  if (!props.text) return null;
  return (
    <span className="field__problem" id={props.id} role="alert" data-testid={props.testId}>
      {props.text}
    </span>
  );
}

/** The ids a field is described by: its hint, then its problem while it has one. */
export function describedBy(
  id: string,
  has: { hint?: boolean; problem: string | null },
): string | undefined {
  const ids = [has.hint ? `${id}-hint` : '', has.problem ? `${id}-problem` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
