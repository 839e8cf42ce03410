// `ledger check`: the ledger's invariants on the running exchange, with every reservation the
// modules hold frozen (withdrawals under review, resting orders, …) and the system accounts and
// posting kinds the products declared.
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { checkLedger, type ReservationsQuery } from '../ledger/check.ts';
import { ledgerDeclarations } from '../ledgers.ts';
import { opsCall } from './ops-call.ts';

export function ledgerCheckCall(db: Db, reservations: readonly ReservationsQuery[]) {
  return opsCall({
    path: '/ops/ledger/check',
    input: z.object({}),
    run: async () => {
      const problems = await checkLedger(db, reservations, ledgerDeclarations);
      return { ok: problems.length === 0, problems };
    },
    commands: [
      {
        words: 'ledger check',
        help: "verify the ledger's invariants; prints ok",
        prints: 'check',
      },
    ],
  });
}
