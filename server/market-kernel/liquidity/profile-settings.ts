// The validators of the liquidity provider's depth settings (docs/operations.md § Settings): the
// growth from one level to the next (LP_LEVEL_GROWTH) and the per-market overrides (LP_PROFILES),
// each value held to the same range as the variable it overrides.
import { z } from 'zod';
import { knownMarkets } from '../../market/catalog.ts';
import type { DepthProfile } from './depth-profile.ts';

/** The ranges of the depth variables, shared by the global variables and LP_PROFILES. */
export const depthRanges = {
  spreadBps: [1, 2000],
  stepBps: [1, 1000],
  /** Tens, not hundreds: every level is an order the market's single writer places on a move. */
  levels: [1, 50],
} as const;

const growthText = /^[12](\.\d{1,3})?$/;

/** `1.1` as 1100 parts per thousand; null unless from 1 to 2 with at most 3 decimals. */
function growthPermilleOf(text: string): number | null {
  if (!growthText.test(text)) return null;
  const [whole = '0', decimals = ''] = text.split('.');
  const value = Number(whole) * 1000 + Number(decimals.padEnd(3, '0'));
  return value >= 1000 && value <= 2000 ? value : null;
}

/** A level's value over the previous one's, from 1 (flat) to 2, as parts per thousand. */
export const levelGrowth = z
  .string()
  .refine((text) => growthPermilleOf(text) !== null, {
    message: 'must be a ratio from 1 to 2 such as 1.1, at most 3 decimals',
    abort: true,
  })
  .transform((text) => growthPermilleOf(text) ?? 1000);

const keys = {
  spread: 'spreadBps',
  step: 'stepBps',
  levels: 'levels',
  level: 'levelQuote',
  growth: 'growthPermille',
} as const satisfies Record<string, keyof DepthProfile>;

const shape = 'must be entries such as ETH:levels=30,level=25000;DOGE:growth=1.05';

/** One `key=value` read into `profile`; answers what is wrong with it, or null. */
function readValue(profile: Partial<DepthProfile>, pair: string): string | null {
  const [key = '', value = '', ...rest] = pair.split('=').map((part) => part.trim());
  const field = keys[key as keyof typeof keys];
  if (!field || rest.length > 0) {
    return `${shape} (keys: ${Object.keys(keys).join(', ')})`;
  }
  if (field === 'levelQuote') {
    if (!/^\d{1,12}$/.test(value) || BigInt(value) === 0n) return `${key} must be a whole number`;
    profile.levelQuote = BigInt(value);
  } else if (field === 'growthPermille') {
    const growth = growthPermilleOf(value);
    if (growth === null) return `${key} must be a ratio from 1 to 2 such as 1.1`;
    profile.growthPermille = growth;
  } else {
    const [min, max] = depthRanges[field];
    const count = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
    if (!(count >= min && count <= max)) return `${key} must be a whole number ${min} to ${max}`;
    profile[field] = count;
  }
  return null;
}

/** Per-market overrides of the depth: `BASE:key=value,…` entries separated by `;`. */
export const marketProfiles = z.string().transform((text, context) => {
  const profiles: Record<string, Partial<DepthProfile>> = {};
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  for (const entry of text.split(';').map((part) => part.trim())) {
    if (entry === '') continue;
    const [base = '', values = '', ...rest] = entry.split(':').map((part) => part.trim());
    if (rest.length > 0 || values === '') return fail(shape);
    const upper = base.toUpperCase();
    if (!knownMarkets.some((market) => market.base === upper)) {
      return fail(`names an unknown market ${base}`);
    }
    if (profiles[upper]) return fail(`names ${upper} twice`);
    const profile: Partial<DepthProfile> = {};
    for (const pair of values.split(',')) {
      const problem = readValue(profile, pair);
      if (problem) return fail(`${upper}: ${problem}`);
    }
    profiles[upper] = profile;
  }
  return profiles;
});
