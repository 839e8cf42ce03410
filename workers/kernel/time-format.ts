// Times of rows as the user's locale writes them, 24-hour: `dated` for money movements (with the
// year), `seconds` for orders (a trader tells orders minutes apart). One formatter per locale and
// style, made once: building an Intl formatter costs far more than using it.

const styles = {
  dated: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  seconds: {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type TimeStyle = keyof typeof styles;

const formats = new Map<string, Intl.DateTimeFormat>();

/** An ISO time in `locale`; text that is not a time is shown as it came. */
export function formatTimestamp(iso: string, locale: string, style: TimeStyle): string {
  const key = `${style}:${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...styles[style], hourCycle: 'h23' });
    formats.set(key, format);
  }
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : format.format(at);
}
