// How each kind of figure is written on screen: a price at its market's tick, an amount (a
// quantity, a value, a fee) at its asset's display precision, a percentage at two decimals, a
// figure with its unit, and a figure put back into a field. Every number the app writes goes
// through here, and all of it through `formatPrice`, so one figure never reads three ways; the
// marks, the percent sign's place and the unit's place are the language's own, read from Intl.
// The rules and their reasons: docs/ui.md § "Numbers, toasts and records".
import { decimalSeparator, formatPrice } from './price-format.ts';

/** The quote asset of every listed market. */
export const quoteAsset = 'USDT';
/** The quote is read in cents: its values, totals and fees. */
export const quoteDecimals = 2;
/** The ledger's scale: nothing has more decimals than this. */
export const ledgerDecimals = 8;
/** An asset no listed market tells the precision of keeps what it has, but at least this many. */
export const unknownAssetMinDecimals = 2;

/** What stands for a figure not known yet. */
export const dash = '--';

/** A market's decimals: of a price (its tick) and of a quantity (its lot). */
export interface MarketDecimals {
  readonly price: number;
  readonly quantity: number;
}

/** What the markets say about precision: display decimals per asset, and per market. */
export interface Precisions {
  readonly assets: Readonly<Record<string, number>>;
  readonly markets: Readonly<Record<string, MarketDecimals>>;
}

export const noPrecisions: Precisions = { assets: {}, markets: {} };

/** Decimals a decimal string was written with, trailing zeros included. */
export function decimalsOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/** Decimals it needs: trailing zeros dropped. */
function significantDecimals(value: string): number {
  const point = value.indexOf('.');
  if (point < 0) return 0;
  let end = value.length;
  while (end > point + 1 && value.charCodeAt(end - 1) === 48) end--;
  return end - point - 1;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The display decimals of an asset; undefined when no listed market tells them. */
export function assetDecimals(asset: string, precisions: Precisions): number | undefined {
  return asset === quoteAsset ? quoteDecimals : precisions.assets[asset];
}

/** Whether a decimal string is zero (`0`, `-0.000`). */
function isZero(value: string): boolean {
  return /^[-+]?[0.]*$/.test(value);
}

/**
 * An amount of an asset: a balance, a quantity (base), a value or a fee (quote). Exactly the
 * asset's display decimals; a non-zero amount that would read as zero there keeps the decimals
 * that show it (up to the ledger's 8), so no fee or balance reads as nothing. An asset of unknown
 * precision shows what it has, at least 2 and at most 8 decimals.
 */
export function formatAmount(
  value: string | null,
  asset: string,
  precisions: Precisions,
  locale: string,
  rounding: 'nearest' | 'down' = 'nearest',
): string {
  if (value === null) return dash;
  const known = assetDecimals(asset, precisions);
  // What one holds is rounded down: the screen never offers more than there is, dust included.
  const text = rounding === 'down' ? truncated(value, known ?? ledgerDecimals) : value;
  const needed = clamp(significantDecimals(text), 0, ledgerDecimals);
  // A holding cut down is written whole: dust kept to the decimals that show it must not be
  // rounded back up to the asset's decimals (0.006 USDT reads 0.006, not 0.01).
  const places =
    known === undefined
      ? Math.max(unknownAssetMinDecimals, needed)
      : rounding === 'down'
        ? Math.max(known, needed)
        : known;
  const shown = formatPrice(text, { locale, precision: places });
  if (known === undefined || isZero(text) || !isZero(stripGrouping(shown))) return shown;
  return formatPrice(text, { locale, precision: needed });
}

/**
 * An amount a settlement worked out to the atom (a payout, an early withdrawal's return): at least
 * the asset's decimals, and every further decimal it has (up to 8), so what was credited is what
 * is read, never rounded a second time for display.
 */
export function formatSettledAmount(
  value: string | null,
  asset: string,
  precisions: Precisions,
  locale: string,
): string {
  if (value === null) return dash;
  const known = assetDecimals(asset, precisions) ?? unknownAssetMinDecimals;
  const needed = clamp(significantDecimals(value), 0, ledgerDecimals);
  return formatPrice(value, { locale, precision: Math.max(known, needed) });
}

/** Cuts a decimal string to `places` decimals, towards zero. */
function cutTo(value: string, places: number): string {
  const point = value.indexOf('.');
  if (point < 0 || value.length - point - 1 <= places) return value;
  return value.slice(0, places === 0 ? point : point + 1 + places);
}

/**
 * Cuts a holding to `places` decimals, towards zero. A dust that would read as zero there keeps
 * the ledger's decimals that show it, still cut rather than rounded: 0.000000019 BTC reads
 * 0.00000001, never 0.00000002.
 */
function truncated(value: string, places: number): string {
  const cut = cutTo(value, places);
  return isZero(cut) ? cutTo(value, ledgerDecimals) : cut;
}

/** Whether a formatted figure's digits are all zero, whatever the locale's separators. */
function stripGrouping(shown: string): string {
  return shown.replace(/[^\d]/g, '') || '0';
}

/** An amount with its sign when it adds (`+0.02 BTC` reads as money in, `-1.00` as money out). */
export function formatSignedAmount(
  value: string,
  asset: string,
  precisions: Precisions,
  locale: string,
): string {
  const shown = formatAmount(value, asset, precisions, locale);
  return value.startsWith('-') || isZero(value) ? shown : `+${shown}`;
}

/**
 * A price of a market: exactly its tick's decimals, trailing zeros kept (`87,402.40`). When the
 * market's tick is not known yet, the decimals the server wrote it with (it writes prices at the
 * market's scale), at most 8.
 */
export function formatMarketPrice(
  value: string | null,
  symbol: string,
  precisions: Precisions,
  locale: string,
): string {
  return formatAtScale(value, precisions.markets[symbol]?.price, locale);
}

/** A quantity of a market's base (a book level, a trade): at the market's lot, like a price. */
export function formatMarketQuantity(
  value: string | null,
  symbol: string,
  precisions: Precisions,
  locale: string,
): string {
  return formatAtScale(value, precisions.markets[symbol]?.quantity, locale);
}

/**
 * A price or quantity at its market's scale when the caller knows it (a tick read from the
 * market's own rules), else at the scale the server wrote it with (it writes them at the
 * market's scale), at most 8 decimals.
 */
export function formatAtScale(
  value: string | null,
  scale: number | undefined,
  locale: string,
): string {
  if (value === null) return dash;
  const places = scale ?? Math.min(ledgerDecimals, decimalsOf(value));
  return formatPrice(value, { locale, precision: places });
}

/** What a language writes around a percentage's digits (`12,5 %` in German, `12,5%` in Polish). */
interface PercentAffixes {
  readonly prefix: string;
  readonly suffix: string;
}

const percentAffixCache = new Map<string, PercentAffixes>();

/**
 * Reads the language's percent pattern once from Intl: what stands before the first digit and
 * after the last one (the sign, the space before it). The digits themselves stay `formatPrice`'s,
 * so a percentage is rounded exactly, as every other figure is.
 */
function percentAffixes(locale: string): PercentAffixes {
  const cached = percentAffixCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(0.5);
  const number = new Set(['integer', 'group', 'decimal', 'fraction']);
  const first = parts.findIndex((part) => number.has(part.type));
  const last = parts.findLastIndex((part) => number.has(part.type));
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  const affixes = { prefix: text(0, first), suffix: text(last + 1, parts.length) };
  percentAffixCache.set(locale, affixes);
  return affixes;
}

/**
 * A percentage already in percent (`1.2` → `1.20%`, `1,20 %` in German): two decimals, or as many
 * as asked; signed when asked, as a change or a result is.
 */
export function formatPercent(
  value: string | null,
  locale: string,
  options: { decimals?: number; signed?: boolean } = {},
): string {
  if (value === null) return dash;
  const precision = options.decimals ?? 2;
  let digits = formatPrice(value, { locale, precision });
  // A change that rounds to nothing is no fall: `-0.001` reads `0.00%`, unsigned.
  const nothing = isZero(stripGrouping(digits));
  if (nothing) digits = formatPrice(value.replace(/^[-+]/, ''), { locale, precision });
  const { prefix, suffix } = percentAffixes(locale);
  const shown = `${prefix}${digits}${suffix}`;
  return options.signed && !value.startsWith('-') && !nothing ? `+${shown}` : shown;
}

/**
 * A published rate in percent (`85%`, `12.5%`, `0.065%`): every decimal it has, up to 4, since a
 * rate is read to be checked, not rounded.
 */
export function formatRate(value: string | null, locale: string): string {
  if (value === null) return dash;
  return formatPercent(value, locale, { decimals: clamp(significantDecimals(value), 0, 4) });
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** A large total read at a glance (`1.2B`): a market's volume, a headline figure. */
export function formatCompact(value: string, locale: string): string {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compactFormats.set(locale, format);
  }
  return format.format(value as `${number}`);
}

/** Where a language puts a unit beside a figure, and the space between them. */
interface UnitPattern {
  readonly unitFirst: boolean;
  readonly space: string;
  readonly rightToLeft: boolean;
}

const unitPatternCache = new Map<string, UnitPattern>();

/** Left-to-right isolate (U+2066) … pop directional isolate (U+2069). */
const isolateStart = '\u2066';
const isolateEnd = '\u2069';

/** Intl's direction of a language; older engines name it `textInfo`, newer `getTextInfo()`. */
function isRightToLeft(locale: string): boolean {
  const tag = new Intl.Locale(locale) as Intl.Locale & {
    getTextInfo?: () => { direction?: string };
    textInfo?: { direction?: string };
  };
  return (tag.getTextInfo?.() ?? tag.textInfo)?.direction === 'rtl';
}

/**
 * Reads once from Intl's unit pattern (`style: 'unit'`, a short unit that every language writes
 * with a space: `19 741,28 kg`, `19\u202f741,28\u00a0kg`) which side the unit goes and the space
 * the language puts before it; bidirectional marks Intl adds are left out, the isolate does
 * their work.
 */
function unitPattern(locale: string): UnitPattern {
  const cached = unitPatternCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'kilogram',
    unitDisplay: 'short',
  }).formatToParts(1);
  const unitAt = parts.findIndex((part) => part.type === 'unit');
  const numberAt = parts.findIndex((part) => part.type === 'integer');
  const between = parts.slice(Math.min(unitAt, numberAt) + 1, Math.max(unitAt, numberAt));
  const pattern = {
    unitFirst: unitAt >= 0 && unitAt < numberAt,
    space: between
      .filter((part) => part.type === 'literal')
      .map((part) => part.value.replace(/[\u200e\u200f\u061c]/g, ''))
      .join(''),
    rightToLeft: isRightToLeft(locale),
  };
  unitPatternCache.set(locale, pattern);
  return pattern;
}

/**
 * How a figure takes its unit in a language: the unit's side and the space before or after it,
 * and, in a right-to-left language, a left-to-right isolate to open before both and close after,
 * so `19,741.28 USDT` reads that way in Hebrew text (unwrapped, the unit would land before the
 * number). A page that draws the figure and the unit in elements of their own puts them in this
 * order; `withUnit` writes them as one string.
 */
export function unitLayout(locale: string): {
  unitFirst: boolean;
  space: string;
  open: string;
  close: string;
} {
  const { unitFirst, space, rightToLeft } = unitPattern(locale);
  return {
    unitFirst,
    space,
    open: rightToLeft ? isolateStart : '',
    close: rightToLeft ? isolateEnd : '',
  };
}

/**
 * A figure with its unit (`19,741.28 USDT`, `19 741,28 USDT`), as the language writes a unit. A
 * figure not known yet (`--`) or a unit not known yet (``) is written alone.
 */
export function withUnit(figure: string, unit: string, locale: string): string {
  if (figure === dash || unit === '') return figure;
  const { unitFirst, space, open, close } = unitLayout(locale);
  return unitFirst
    ? `${open}${unit}${space}${figure}${close}`
    : `${open}${figure}${space}${unit}${close}`;
}

/**
 * A plain decimal (`3960.34`) as a field shows it when the app fills it in (a price taken from the
 * book, "Max"): the language's decimal mark, no grouping, every decimal it has (`3960,34`), so
 * what is shown is read back as the same value. Anything else is shown as it is.
 */
export function inputFigure(value: string, locale: string): string {
  if (!/^\d+(\.\d+)?$/.test(value)) return value;
  return value.replace('.', decimalSeparator(locale));
}
