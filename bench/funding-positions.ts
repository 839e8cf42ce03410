// The positions the funding benches pay (bench/funding.bench.ts, bench/funding-load.bench.ts):
// `count` users (ids 1 to count), each with a contract wallet and one open position, half long and
// half short in pairs of the same quantity, funded by one balanced deposit posting and written
// set-based.
import { sql } from 'kysely';
import type { ContractMarket } from '../server/contract/contract-markets.ts';
import { writePositions } from '../server/contract/contract-store.ts';
import { newPosition, type PositionState } from '../server/contract/engine-state.ts';
import type { OpenedDatabase } from '../server/db/database.ts';
import { accountIds } from '../server/ledger/account-ids.ts';
import type { AccountRef } from '../server/ledger/accounts.ts';
import { writePostings } from '../server/ledger/write-postings.ts';

const usdt = 100_000_000n;

export async function seedPositions(
  opened: OpenedDatabase,
  market: ContractMarket,
  mark: bigint,
  count: number,
): Promise<PositionState[]> {
  const { db } = opened;
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  await sql`
    insert into users (id, account, email, phone, password_hash, trade_password_hash,
      invite_code, inviter_id, avatar)
    select id, 'bench-' || id, 'bench-' || id || '@example.com', null, '!no-login', null,
      'B' || id, null, ''
    from unnest(${ids}::int[]) as u(id)`.execute(db);
  const now = new Date();
  const positions: PositionState[] = ids.map((id) => {
    // Pairs hold the same quantity, so longs and shorts hold the same in all.
    const quantity = BigInt(1 + (Math.floor((id - 1) / 2) % 50)) * 100_000n;
    const cost = (quantity * mark) / usdt;
    return {
      ...newPosition({
        id,
        userId: id,
        symbol: market.symbol,
        direction: id % 2 === 1 ? 'long' : 'short',
        marginMode: id % 4 < 2 ? 'isolated' : 'cross',
        leverage: 10,
        openedAt: now,
      }),
      quantity,
      cost,
      margin: cost / 10n,
    };
  });
  await db.transaction().execute(async (trx) => {
    const legs = positions.flatMap((position) => {
      const wallet: AccountRef = { user: position.userId, wallet: 'contract', asset: 'USDT' };
      return [
        { account: wallet, bucket: 'available' as const, amount: 1_000n * usdt },
        { account: wallet, bucket: 'frozen' as const, amount: position.margin },
      ];
    });
    const total = legs.reduce((sum, leg) => sum + leg.amount, 0n);
    const deposits: AccountRef = { system: 'external_deposits', asset: 'USDT' };
    const all = [...legs, { account: deposits, bucket: 'available' as const, amount: -total }];
    const accounts = await accountIds(
      trx,
      all.map((leg) => leg.account),
    );
    await writePostings(trx, [{ kind: 'deposit', reference: 'bench:seed', legs: all }], accounts);
    await writePositions(trx, positions, now);
    // Written with their own ids: the engine's next ones come from the sequence, past these.
    await sql`select setval(pg_get_serial_sequence('contract_positions', 'id'),
      (select max(id) from contract_positions))`.execute(trx);
  });
  return positions;
}
