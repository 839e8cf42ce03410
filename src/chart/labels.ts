// The text a frame draws, by the one figures formatter (core/figures.ts): prices at the market's
// price scale, volumes compactly, changes as signed percents, all for one locale. Labels are
// cached because the axis asks for the same few values every frame.
import { dash, formatAtScale, formatCompact, formatPercent } from '../../core/figures.ts';

export interface ChartLabels {
  price(value: number): string;
  volume(value: number): string;
  /** `ratio` 0.0125 → `+1.25%`. */
  change(ratio: number): string;
}

const cacheLimit = 512;

export function createLabels(locale: string, priceScale: number): ChartLabels {
  const places = Math.min(20, Math.max(0, Math.trunc(priceScale) || 0));
  const prices = new Map<number, string>();
  return {
    price(value) {
      let text = prices.get(value);
      if (text === undefined) {
        if (prices.size >= cacheLimit) prices.clear();
        text = Number.isFinite(value) ? formatAtScale(value.toFixed(places), places, locale) : dash;
        prices.set(value, text);
      }
      return text;
    },
    volume: (value) => (Number.isFinite(value) ? formatCompact(String(value), locale) : dash),
    // The ratio is geometry (a float from the drawn candles); its percent is a label, not money.
    change: (ratio) =>
      Number.isFinite(ratio)
        ? formatPercent((ratio * 100).toFixed(2), locale, { signed: true })
        : dash,
  };
}
