// Operator calls of the funding rounds: `funding list` shows the rounds under way, and the last
// ones finished, with how many of the positions they owe have been paid so far, read from the
// database so that any node answers for the node paying them.
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';

interface RoundProgress {
  symbol: string;
  funding_time: Date | string;
  rate: string;
  owed: number;
  paid: number;
  finished: boolean;
}

export function fundingOps(db: Db): OpsCall[] {
  const list = opsCall({
    path: '/ops/funding-list',
    input: z.object({}),
    commands: [
      {
        words: 'funding list',
        help: 'the funding rounds under way and the last finished, with how many positions each has paid',
      },
    ],
    run: async () => {
      const { rows } = await sql<RoundProgress>`
        select r.symbol, r.funding_time, r.rate::text, r.owed, r.finished,
          (select count(*)::int from contract_funding_payments p where p.round_id = r.id) as paid
        from contract_funding_rounds r
        where not r.finished or r.id in (
          select id from contract_funding_rounds where finished order by id desc limit 20)
        order by r.finished, r.id desc`.execute(db);
      return rows.map((row) => ({
        symbol: row.symbol,
        funding_time: new Date(row.funding_time).toISOString(),
        rate: row.rate,
        state: row.finished ? 'finished' : 'under way',
        paid: `${row.paid} of ${row.owed}`,
      }));
    },
  });
  return [list];
}
