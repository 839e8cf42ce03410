// `ledger check` finds what it promises to find: a balance that drifted from its entries, an
// unbalanced posting, an entry whose posting or account does not exist (entries carry no
// foreign keys, so the check is what would show a stray one), and a system account or a
// posting's kind no product declared.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { post } from '../../server/ledger/post.ts';
import { ledgerDeclarations } from '../../server/ledgers.ts';

let opened: OpenedDatabase;

beforeAll(async () => {
  opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  await opened.db
    .insertInto('users')
    .values({
      id: 1,
      account: 'check@example.com',
      email: 'check@example.com',
      phone: null,
      password_hash: 'x',
      trade_password_hash: null,
      invite_code: 'CHECK1',
      inviter_id: null,
      avatar: '',
    })
    .execute();
  await opened.db.transaction().execute((trx) =>
    post(trx, {
      kind: 'deposit',
      reference: 'check:deposit',
      legs: [
        { account: { user: 1, wallet: 'funding', asset: 'USDT' }, bucket: 'available', amount: 5n },
        {
          account: { system: 'external_deposits', asset: 'USDT' },
          bucket: 'available',
          amount: -5n,
        },
      ],
    }),
  );
}, 60_000);
afterAll(() => opened.close());

/** Runs `tamper` in a transaction that is rolled back, answering what the check saw inside it. */
async function problemsAfter(tamper: string, declared = false): Promise<string[]> {
  const rolledBack = new Error('rolled back');
  let seen: string[] = [];
  await opened.db
    .transaction()
    .execute(async (trx) => {
      await sql.raw(tamper).execute(trx);
      const problems = await checkLedger(trx, [], declared ? ledgerDeclarations : undefined);
      seen = problems.map((problem) => problem.invariant);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return seen;
}

describe('ledger check', () => {
  it('passes a ledger written through postings', async () => {
    expect(await checkLedger(opened.db)).toEqual([]);
  });

  it('finds a balance changed without an entry', async () => {
    expect(
      await problemsAfter(`update ledger_accounts set available = available + 1 where user_id = 1`),
    ).toEqual(expect.arrayContaining(['balances equal their entries', 'every asset sums to zero']));
  });

  it('finds an entry whose posting does not exist', async () => {
    const problems = await problemsAfter(`
      insert into ledger_entries (posting_id, account_id, bucket, amount)
      select 999999, id, 'available', 0.00000001 from ledger_accounts where user_id = 1`);
    expect(problems).toContain('every entry names a posting and an account');
  });

  it('finds an entry whose account does not exist', async () => {
    const problems = await problemsAfter(`
      insert into ledger_entries (posting_id, account_id, bucket, amount)
      select id, 999999, 'available', 0.00000001 from ledger_postings limit 1`);
    expect(problems).toEqual(
      expect.arrayContaining(['every entry names a posting and an account']),
    );
  });

  it('passes the products’ declarations, and finds an account or a kind none declared', async () => {
    expect(await checkLedger(opened.db, [], ledgerDeclarations)).toEqual([]);
    expect(
      await problemsAfter(
        `update ledger_accounts set system_name = 'mystery_pool' where system_name is not null`,
        true,
      ),
    ).toEqual(['every system account is declared']);
    expect(
      await problemsAfter(`update ledger_postings set kind = 'deposit.mystery'`, true),
    ).toEqual(['every posting is of a declared kind']);
  });
});
