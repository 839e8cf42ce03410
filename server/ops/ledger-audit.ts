// The whole ledger check of a running exchange: the invariants of `checkLedger` with every kind of
// reservation that freezes money (withdrawals awaiting review, resting spot orders). A new product
// that freezes funds adds its reservations here.
import type { Db } from '../db/database.ts';
import { checkLedger, type LedgerProblem } from '../ledger/check.ts';
import { spotReservations } from '../spot/order-store.ts';
import { withdrawalReservations } from '../wallet/withdrawals.ts';

export const exchangeReservations = [withdrawalReservations, spotReservations] as const;

export function auditLedger(db: Db): Promise<LedgerProblem[]> {
  return checkLedger(db, exchangeReservations);
}
