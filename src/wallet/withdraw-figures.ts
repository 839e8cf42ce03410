// The withdraw form's worked-out figures (what is received, what is deducted) written as every
// other amount of the asset is: at least its display decimals (USDT in cents, `51.00`, not `51`),
// and every further decimal typed, up to the ledger's 8, since an echo of the amount never
// rounds what was typed. An asset of unknown precision keeps at least two decimals.
import {
  dash,
  decimalsOf,
  formatAtScale,
  ledgerDecimals,
  unknownAssetMinDecimals,
} from '../../core/figures.ts';

export function withdrawFigure(value: string | null, decimals: number | null, locale: string) {
  if (value === null) return dash;
  const typed = Math.min(ledgerDecimals, decimalsOf(value));
  return formatAtScale(value, Math.max(decimals ?? unknownAssetMinDecimals, typed), locale);
}
