// The part of an intent machine's spec (core/machines/intent.machine.ts) that every product whose
// machine keeps a `form` (spot, futures, the second contract) writes alike: an edit event sets some
// fields of the form, and what is sent is the form. Each product says only which fields each of its
// events sets.

/** For each event that edits the form, the fields it sets. */
export type FormEdits<Form, Event extends { type: string }> = {
  readonly [Type in Event['type']]?: (event: Extract<Event, { type: Type }>) => Partial<Form>;
};

/** An order form's `CHANGE`: the typed field set to what was typed. */
export const typedField = <Form>(event: { field: keyof Form; value: string }): Partial<Form> =>
  ({ [event.field]: event.value }) as Partial<Form>;

/**
 * The intent's `edit` and `sent` (core/machines/intent.machine.ts) for a context that keeps its
 * form in `form`.
 */
export function formIntent<Form, Event extends { type: string }>(edits: FormEdits<Form, Event>) {
  /** An event that sets nothing (the submit, a retry) leaves the form as it was. */
  const edited = (form: Form, event: Event): Form => {
    const edit = edits[event.type as Event['type']] as
      | ((event: Event) => Partial<Form>)
      | undefined;
    return edit ? { ...form, ...edit(event) } : form;
  };
  return {
    edit: ({ form }: { form: Form }, event: Event) => ({ form: edited(form, event) }),
    sent: ({ form }: { form: Form }) => ({ form }),
  };
}
