// The whole ledger check of a running exchange: the invariants of `checkLedger` with every kind of
// reservation the modules hold frozen, and every system account and posting kind the products
// declared (server/ledgers.ts).
import type { Db } from './db/database.ts';
import { checkLedger, type LedgerProblem } from './ledger/check.ts';
import { ledgerDeclarations } from './ledgers.ts';
import { exchangeReservations } from './modules.ts';

export function auditLedger(db: Db): Promise<LedgerProblem[]> {
  return checkLedger(db, exchangeReservations, ledgerDeclarations);
}
