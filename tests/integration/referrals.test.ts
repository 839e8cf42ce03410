// The invite programme over real HTTP: /security/invite shows each user only their own tree at
// levels 1 to 3, masked; spot fills pay the fee payer's inviters their level's share of the fee
// from the fees account in the fill's own transaction, and the ledger still balances.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { expectError, expectOk } from '../support/expectations.ts';
import { creditUser } from '../support/funds.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

interface InviteData {
  invite_code: string;
  link: string;
  counts: { level1: number; level2: number; level3: number };
  log: { level: number; account: string; registered_at: string }[];
  rates: string[];
  earned: { level: number; asset: string; amount: string }[];
}

interface RecordData {
  list: { type: string; asset: string; amount: string; reference: string }[];
}

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock, {
    LIQUIDITY_PROVIDER: 'false',
    REFERRAL_RATES: '0.2,0.1,0.05',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function inviteOf(user: RegisteredUser): Promise<InviteData> {
  const answer = await client().get<InviteData>('/security/invite', {}, { token: user.token });
  expectOk(answer);
  return answer.body.data;
}

async function invitedBy(inviter?: RegisteredUser): Promise<RegisteredUser> {
  const extra = inviter ? { invite_code: (await inviteOf(inviter)).invite_code } : {};
  return registerUser(client(), server.dataDir, extra);
}

/** A chain a ← b ← c ← d ← e: each invited by the one before. */
async function chainOfFive() {
  const a = await invitedBy();
  const b = await invitedBy(a);
  const c = await invitedBy(b);
  const d = await invitedBy(c);
  const e = await invitedBy(d);
  return { a, b, c, d, e };
}

describe('/security/invite', () => {
  it('answers the code, a link that pre-fills it, and levels 1 to 3 only', async () => {
    const { a, b, c, d, e } = await chainOfFive();
    const b2 = await invitedBy(a);
    const info = await inviteOf(a);
    expect(info.link).toBe(`/#/login?invite_code=${info.invite_code}`);
    expect(info.counts).toEqual({ level1: 2, level2: 1, level3: 1 });
    // Newest first: b2 (level 1), d (3), c (2), b (1); e is level 4 below a, so not shown.
    expect(info.log.map((entry) => entry.level)).toEqual([1, 3, 2, 1]);
    const shown = info.log.map((entry) => entry.account);
    expect(shown).toEqual([b2, d, c, b].map((user) => masked(user.account)));
    for (const user of [b, b2, c, d, e]) expect(JSON.stringify(info)).not.toContain(user.account);
    for (const entry of info.log) expect(Date.parse(entry.registered_at)).not.toBeNaN();
  }, 60_000);

  it('masks the accounts it shows', async () => {
    const a = await invitedBy();
    const b = await invitedBy(a);
    const [entry] = (await inviteOf(a)).log;
    const [local = '', domain = ''] = b.account.split('@');
    expect(entry?.account).toBe(`${local.slice(0, 2)}***@${domain}`);
    expect(JSON.stringify(await inviteOf(a))).not.toContain(local);
  }, 60_000);

  it("shows B only B's own tree, never A's", async () => {
    const a = await invitedBy();
    await invitedBy(a);
    const stranger = await invitedBy();
    const info = await inviteOf(stranger);
    expect(info.counts).toEqual({ level1: 0, level2: 0, level3: 0 });
    expect(info.log).toEqual([]);
    expect(info.invite_code).not.toBe((await inviteOf(a)).invite_code);
  }, 60_000);

  it('needs a live session', async () => {
    expectError(await client().get('/security/invite'), 'session_expired');
  });
});

function masked(account: string): string {
  const [local = '', domain = ''] = account.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

describe('referral commission on spot fees', () => {
  const place = (user: RegisteredUser, side: 'buy' | 'sell', price: string, quantity: string) =>
    client().post(
      '/spot/order',
      { symbol: 'BTCUSDT', side, type: 'limit', price, quantity },
      { token: user.token, headers: { 'idempotency-key': randomUUID() } },
    );

  async function commissions(user: RegisteredUser) {
    const answer = await client().get<RecordData>(
      '/wallet/records',
      { type: 'commission' },
      { token: user.token },
    );
    expectOk(answer);
    return answer.body.data.list.map((row) => `${row.asset} ${row.amount}`).sort();
  }

  async function fees(): Promise<Record<string, string>> {
    // Summed over the markets' shards of the account.
    const rows = await server.db
      .selectFrom('ledger_accounts')
      .select(['asset', (eb) => eb.fn.sum<string>('available').as('available')])
      .where('system_name', '=', 'fees')
      .groupBy('asset')
      .execute();
    return Object.fromEntries(
      rows.map((row) => [row.asset, String(row.available).replace(/\.?0+$/, '')]),
    );
  }

  it('pays each level its share of the fee, from the fees account, and the ledger balances', async () => {
    const { a, b, c, d, e } = await chainOfFive();
    // The seller was invited by a too: a earns on the seller's USDT fee at level 1.
    const seller = await invitedBy(a);
    await creditUser(server.db, seller.userId, 'BTC', '1');
    await creditUser(server.db, d.userId, 'USDT', '1000');
    const before = await fees();

    expectOk(await place(seller, 'sell', '50000', '0.01'));
    // d takes 0.01 BTC for 500 USDT: d pays 0.00001 BTC, the seller 0.5 USDT (0.1 % each).
    expectOk(await place(d, 'buy', '50000', '0.01'));

    expect(await commissions(c)).toEqual(['BTC 0.000002']); // level 1 of d: 20 %
    expect(await commissions(b)).toEqual(['BTC 0.000001']); // level 2: 10 %
    expect(await commissions(a)).toEqual(['BTC 0.0000005', 'USDT 0.1']); // level 3 of d, 1 of seller
    expect(await commissions(d)).toEqual([]);
    expect(await commissions(e)).toEqual([]);
    expect(await commissions(seller)).toEqual([]);
    // The invite page's figures: the rates, and what each level earned, per asset.
    const invite = await inviteOf(a);
    expect(invite.rates).toEqual(['0.2', '0.1', '0.05']);
    expect(invite.earned).toEqual([
      { level: 1, asset: 'USDT', amount: '0.1' },
      { level: 3, asset: 'BTC', amount: '0.0000005' },
    ]);
    expect((await inviteOf(b)).earned).toEqual([{ level: 2, asset: 'BTC', amount: '0.000001' }]);
    expect((await inviteOf(e)).earned).toEqual([]);

    const after = await fees();
    const gained = (asset: string) =>
      Math.round((Number(after[asset] ?? 0) - Number(before[asset] ?? 0)) * 1e8);
    // Fees kept: the fee minus what went to the inviters.
    expect(gained('BTC')).toBe(1000 - 200 - 100 - 50);
    expect(gained('USDT')).toBe(50_000_000 - 10_000_000);
    expect(await auditLedger(server.db)).toEqual([]);
  }, 60_000);

  it('pays nothing beyond level 3 and nothing to users without inviters', async () => {
    const { a, b, c, d, e } = await chainOfFive();
    const seller = await invitedBy();
    await creditUser(server.db, seller.userId, 'BTC', '1');
    await creditUser(server.db, e.userId, 'USDT', '1000');
    expectOk(await place(seller, 'sell', '40000', '0.01'));
    expectOk(await place(e, 'buy', '40000', '0.01'));
    expect(await commissions(d)).toEqual(['BTC 0.000002']);
    expect(await commissions(c)).toEqual(['BTC 0.000001']);
    expect(await commissions(b)).toEqual(['BTC 0.0000005']);
    expect(await commissions(a)).toEqual([]);
    expect(await auditLedger(server.db)).toEqual([]);
  }, 60_000);
});
