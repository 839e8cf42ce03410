// A trade's time as HH:MM:SS on a 24-hour clock, with the locale's own digits and separators.

export function tradeTimeFormatter(locale: string, timeZone?: string): (ts: number) => string {
  const format = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  });
  return (ts) => format.format(ts);
}
