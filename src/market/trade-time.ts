// A trade's time as HH:MM:SS on a 24-hour clock, with the locale's own digits and separators.
// The recent trades are drawn again at each update of the list, and `Intl.DateTimeFormat` is a
// slow call: a second is formatted once, while it is among the ones shown.

/** Seconds kept; the list shows fifty trades, mostly within a few seconds of each other. */
const keptSeconds = 256;

export function tradeTimeFormatter(locale: string, timeZone?: string): (ts: number) => string {
  const format = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  });
  const bySecond = new Map<number, string>();
  return (ts) => {
    const second = Math.floor(ts / 1000);
    let shown = bySecond.get(second);
    if (shown === undefined) {
      if (bySecond.size >= keptSeconds) bySecond.clear();
      shown = format.format(second * 1000);
      bySecond.set(second, shown);
    }
    return shown;
  };
}
