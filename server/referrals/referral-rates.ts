// The REFERRAL_RATES setting: the share of a trading fee paid to the inviters at levels 1, 2 and 3.
import { z } from 'zod';

const fraction = /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/;

function ppmOf(rate: string): number {
  const [whole = '0', decimals = ''] = rate.split('.');
  return Number(whole) * 1_000_000 + Number(decimals.padEnd(6, '0'));
}

/**
 * Up to three fractions, nearest level first (`0.2,0.1,0.05`), as parts per million. Together at
 * most the whole fee: the exchange never pays out more than it charged.
 */
export const referralRates = z
  .string()
  .transform((value) => value.split(',').map((rate) => rate.trim()))
  .pipe(
    z
      .array(
        z.string().regex(fraction, 'must be fractions such as 0.2,0.1,0.05 (at most 6 decimals)'),
      )
      .min(1)
      .max(3, 'has at most three levels'),
  )
  .transform((rates) => rates.map(ppmOf))
  .refine(
    (rates) => rates.reduce((sum, rate) => sum + rate, 0) <= 1_000_000,
    'must add up to at most 1',
  );
