// A number field's text and the value its form holds: the field keeps what the user typed, in the
// language's marks or a dot (`3960,34`, `3960.34`, a pasted `78 358,11`), and the form gets the
// plain decimal it checks and sends (`3960.34`). Text that is no figure goes to the form as it is,
// so the form's own check refuses it with its message and it is never sent. A value the app puts
// in (a price from the book, "Max", a cleared form) is shown with the language's decimal mark and
// no grouping. Rules: docs/ui.md § "Numbers, toasts and records".
import { useState } from 'react';
import { inputFigure } from '../../core/figures.ts';
import { readTypedFigure } from '../../core/typed-figure.ts';
import { useFigureLocale } from './figure-locale.ts';

export function useTypedFigure(
  value: string,
  onChange: (value: string) => void,
): { text: string; type(text: string): void } {
  const locale = useFigureLocale();
  const [typed, setTyped] = useState(() => ({ text: inputFigure(value, locale), value }));
  let { text } = typed;
  // The form's value moved without this field (the app filled it): show the new value.
  if (typed.value !== value) {
    text = inputFigure(value, locale);
    setTyped({ text, value });
  }
  return {
    text,
    type(next) {
      const read = readTypedFigure(next) ?? next;
      setTyped({ text: next, value: read });
      onChange(read);
    },
  };
}
