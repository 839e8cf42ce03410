// What a user types or pastes into a number field (a price, an amount, a quantity), read as the
// plain decimal the forms check and the server takes (`3960.34`), whichever language's marks it
// was written with: a Polish or German keyboard offers a comma, a figure copied from the screen
// may carry grouping. The rules and their reasons: docs/ui.md § "Numbers, toasts and records".

/** The two marks a figure's whole part and fraction are written with, in all nine languages. */
const marks = /[.,]/g;

/**
 * The plain decimal a typed text stands for; `''` for a blank field; null for text that is no
 * figure (a letter, a sign, marks without digits, a decimal mark used twice).
 *
 * - Spaces of every kind (no-break and narrow no-break too) are grouping and are dropped.
 * - A mark of one kind that appears once is the decimal point: `3960,34` and `3960.34` alike.
 * - A mark of one kind that appears more than once is grouping: `1.234.567`, `1,234,567`.
 * - With both kinds, the last mark is the decimal point and the others are grouping:
 *   `78.358,11`, `78,358.11`; the decimal mark's kind may not appear before it as well.
 * - A decimal mark with nothing after it is a fraction not typed yet: `3960,` is `3960`.
 */
export function readTypedFigure(text: string): string | null {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return '';
  if (!/^[\d.,]+$/.test(compact) || !/\d/.test(compact)) return null;
  const found = [...compact.matchAll(marks)];
  const last = found.at(-1);
  let whole = compact;
  let fraction = '';
  if (last?.index !== undefined) {
    const kinds = new Set(found.map((mark) => mark[0]));
    const sameAsLast = found.filter((mark) => mark[0] === last[0]).length;
    const lastIsDecimal = kinds.size === 2 || sameAsLast === 1;
    if (kinds.size === 2 && sameAsLast > 1) return null;
    if (lastIsDecimal) {
      whole = compact.slice(0, last.index);
      fraction = compact.slice(last.index + 1);
    }
  }
  const digits = whole.replace(marks, '').replace(/^0+(?=\d)/, '') || '0';
  return fraction === '' ? digits : `${digits}.${fraction}`;
}
