// How a price band's setting is typed (docs/operations.md § Settings): how far above and below the
// reference price a limit order's price may be, as multipliers. Each product that trades on a book
// reads its own pair with these parsers (server/spot/spot-band-settings.ts,
// server/contract/contract-settings.ts).
import { z } from 'zod';

/** A multiplier as typed (`1.05`), at most 4 decimals as Binance's, in parts per million. */
const multiplier = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, {
    message: 'must be a decimal such as 1.05, at most 4 decimals',
    abort: true,
  })
  .transform((value) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  });

/** The upper multiplier: at least 1 (the reference itself is always taken), at most 100. */
export const bandUp = multiplier.refine(
  (ppm) => ppm >= 1_000_000 && ppm <= 100_000_000,
  'must be from 1 to 100',
);

/** The lower multiplier: above 0, at most 1. */
export const bandDown = multiplier.refine(
  (ppm) => ppm > 0 && ppm <= 1_000_000,
  'must be above 0 and at most 1',
);
