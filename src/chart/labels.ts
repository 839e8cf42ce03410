// The text a frame draws: prices through the core's formatter at the market's price scale,
// volumes compactly, changes as signed percents, all for one locale. Labels are cached because
// the axis asks for the same few values every frame.
import { formatPrice } from '../../core/price-format.ts';

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
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return {
    price(value) {
      let text = prices.get(value);
      if (text === undefined) {
        if (prices.size >= cacheLimit) prices.clear();
        text = Number.isFinite(value)
          ? formatPrice(value.toFixed(places), { locale, precision: places })
          : '--';
        prices.set(value, text);
      }
      return text;
    },
    volume: (value) => (Number.isFinite(value) ? compact.format(value) : '--'),
    change: (ratio) => (Number.isFinite(ratio) ? percent.format(ratio) : '--'),
  };
}
