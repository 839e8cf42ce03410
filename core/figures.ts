// How each kind of figure is written on screen: a price at its market's tick, an amount (a
// quantity, a value, a fee) at its asset's display precision, a percentage at two decimals. Every
// number the worker formats goes through here, and all of it through `formatPrice`, so one figure
// never reads three ways. The rules and their reasons: docs/ui.md § "Numbers, toasts and records".
import { formatPrice } from './price-format.ts';

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
  // What one holds is rounded down: the screen never offers more than there is.
  const text = rounding === 'down' && known !== undefined ? truncated(value, known) : value;
  const needed = clamp(significantDecimals(text), 0, ledgerDecimals);
  const places = known === undefined ? Math.max(unknownAssetMinDecimals, needed) : known;
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
function truncated(value: string, places: number): string {
  const point = value.indexOf('.');
  if (point < 0 || value.length - point - 1 <= places) return value;
  const cut = value.slice(0, places === 0 ? point : point + 1 + places);
  // Nothing but a dust left: keep it, so a non-zero holding never reads as zero.
  return isZero(cut) ? value : cut;
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

/**
 * A percentage already in percent (`1.2` → `1.20%`): two decimals, or as many as asked; signed
 * when asked, as a change or a result is.
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
  const shown = `${digits}%`;
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
