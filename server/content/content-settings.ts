// Settings of what the app shows of the exchange itself (docs/operations.md § Settings): its name
// and logo, and the figures on the home page, each shown only when configured.
import { z } from 'zod';
import { positiveInt } from '../settings-fields.ts';

/** The variables, spread into the settings schema of config.ts. */
export const contentEnvShape = {
  HOME_REGIONS: positiveInt.optional(),
  HOME_COUNTRIES: positiveInt.optional(),
  HOME_ORDERS_PER_SECOND: positiveInt.optional(),
  HOME_USERS_THRESHOLD: z.coerce.number().int().min(0).default(1000),
  BRAND_NAME: z.string().min(1).max(60).default('Meridian'),
  BRAND_LOGO: z.string().min(1).default('/logo.svg'),
};

export interface ContentSettings {
  /** Configured home-page figures (shown labelled as configured); absent ones are not shown. */
  homeFigures: { regions?: number; countries?: number; orders_per_second?: number };
  /** Below this many registered users the home page leaves the count out (a small one hurts trust). */
  homeUsersThreshold: number;
  brandName: string;
  brandLogo: string;
}

type ContentEnv = z.output<z.ZodObject<typeof contentEnvShape>>;

export function contentSettingsOf(env: ContentEnv): ContentSettings {
  return {
    homeFigures: {
      ...(env.HOME_REGIONS === undefined ? {} : { regions: env.HOME_REGIONS }),
      ...(env.HOME_COUNTRIES === undefined ? {} : { countries: env.HOME_COUNTRIES }),
      ...(env.HOME_ORDERS_PER_SECOND === undefined
        ? {}
        : { orders_per_second: env.HOME_ORDERS_PER_SECOND }),
    },
    homeUsersThreshold: env.HOME_USERS_THRESHOLD,
    brandName: env.BRAND_NAME,
    brandLogo: env.BRAND_LOGO,
  };
}
