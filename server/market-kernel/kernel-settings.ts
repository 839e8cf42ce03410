// What the markets on the exchange's own books share, whichever product lists them
// (docs/operations.md § Settings): the most commands one writer commits in a transaction, the
// inviters' shares of a trading fee, and the liquidity provider's switch and ladder. config.ts
// reads them once (SPOT_BATCH_MAX, REFERRAL_RATES, LIQUIDITY_PROVIDER, LP_*) and every product
// that trades on a book takes them from there, not from another product's settings.
import type { ProviderSettings } from './liquidity/liquidity-provider.ts';

export interface BookTradingSettings {
  /** Most commands a market's writer commits in one transaction. */
  batchMax: number;
  /** Share of a fee paid to the payer's inviters at levels 1–3, parts per million (docs/referrals.md). */
  referralRatesPpm: readonly number[];
  liquidityProvider: ProviderSettings & { enabled: boolean };
}
