// The signed-in home page's figures (`/wallet/today`, docs/wallet.md § "Today's PnL"): what all of
// the caller's wallets are worth now, and today's profit and loss since 00:00 UTC.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString } from '../primitives.ts';

export const walletToday = defineEndpoint({
  method: 'GET',
  path: '/wallet/today',
  summary: "The caller's total worth in USDT and today's profit and loss",
  auth: true,
  request: z.object({}),
  response: z.object({
    /** Every wallet valued in USDT at the index price, as `/wallet/balances` totals it. */
    total: decimalString,
    /** Since 00:00 UTC, in USDT, signed; deposits and withdrawals are not counted as either. */
    pnl: decimalString,
    /** Of what was held at 00:00 UTC, in percent with two decimals; null when nothing was. */
    pnl_pct: z.nullable(decimalString),
    /** 00:00 UTC of today, in ms since the epoch. */
    since: z.int(),
  }),
  errors: [],
});
