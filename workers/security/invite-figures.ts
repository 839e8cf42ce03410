// The invite page's commission figures as it draws them: each level's rate in percent, and what
// was earned at each level, one line per asset, every atom credited shown (a commission is
// settled to the atom and never rounded again for display).
import { formatRate, formatSettledAmount, noPrecisions } from '../../core/figures.ts';

/** A fraction as a percent, exactly: `0.05` → `5`, `0.125` → `12.5`. */
export function fractionToPercent(fraction: string): string {
  const [whole = '0', decimals = ''] = fraction.split('.');
  const digits = `${whole}${decimals.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return rest === '' ? integer : `${integer}.${rest}`;
}

export interface LevelCommission {
  level: 1 | 2 | 3;
  /** `20%`, in the locale's style; `--` for a level the programme does not pay. */
  rate: string;
  /** `0.1 USDT`, one per asset earned; empty when nothing yet. */
  earned: readonly string[];
}

export function levelCommissions(
  rates: readonly string[],
  earned: readonly { level: 1 | 2 | 3; asset: string; amount: string }[],
  locale: string,
): LevelCommission[] {
  return ([1, 2, 3] as const).map((level) => {
    const rate = rates[level - 1];
    return {
      level,
      rate: formatRate(rate === undefined ? null : fractionToPercent(rate), locale),
      earned: earned
        .filter((entry) => entry.level === level)
        .map(
          (entry) =>
            `${formatSettledAmount(entry.amount, entry.asset, noPrecisions, locale)} ${entry.asset}`,
        ),
    };
  });
}
