// What the wallet calls hand the UI: amounts formatted in the worker for the user's language,
// exact decimals beside them where a form builds on them, and pages that say whether more follow.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import { viewAt } from '../../core/projections/client-view.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

let worker: WorkerHarness;
let core: WorkerCore;
let answers: Record<string, unknown>;
let queries: string[];

const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });

beforeEach(async () => {
  answers = {};
  queries = [];
  worker = await startWorkerCore(({ path, url }) => {
    queries.push(`${path}?${url.searchParams}`);
    return answers[path] ?? { code: 1040, msg: 'nope', data: null };
  });
  core = worker.core;
  core.setCredentials({ token: 't', language: 'de' });
});

afterEach(() => worker.stop());

describe('wallet views', () => {
  it('formats balances for the language, values the holding the row shows, and marks a pre-sale price', async () => {
    answers['/wallet/balances'] = ok({
      balances: [
        {
          wallet: 'funding',
          asset: 'USDT',
          available: '1234.5',
          frozen: '21',
          value_usdt: '1255.5',
        },
        { wallet: 'funding', asset: 'XYZ', available: '0.12345678', frozen: '0', value_usdt: null },
        {
          wallet: 'funding',
          asset: 'NOVA',
          available: '1000',
          frozen: '0',
          value_usdt: '50',
          price_basis: 'presale',
        },
      ],
      totals: { funding: '1305.5', contract: '0', option: '0', all: '1305.5' },
    });
    const outcome = await core.walletBalances();
    expect(outcome).toEqual({
      ok: true,
      data: {
        total: '1.305,50',
        wallets: { funding: '1.305,50', contract: '0,00', option: '0,00' },
        rows: [
          {
            wallet: 'funding',
            asset: 'USDT',
            available: '1234.5',
            // The row's figure is the holding its value is the worth of: available and frozen.
            heldShown: '1.255,50',
            availableShown: '1.234,50',
            frozenShown: '21,00',
            valueShown: '1.255,50',
            presale: false,
          },
          {
            wallet: 'funding',
            asset: 'XYZ',
            available: '0.12345678',
            heldShown: '0,12345678',
            availableShown: '0,12345678',
            frozenShown: '0,00',
            valueShown: '--',
            presale: false,
          },
          {
            wallet: 'funding',
            asset: 'NOVA',
            available: '1000',
            heldShown: '1.000,00',
            availableShown: '1.000,00',
            frozenShown: '0,00',
            valueShown: '50,00',
            presale: true,
          },
        ],
      },
    });
  });

  it('gives each chain its fee and minimum exact and formatted', async () => {
    answers['/wallet/assets'] = ok({
      list: [
        {
          asset: 'BTC',
          chains: [
            {
              chain: 'BTC',
              deposit: true,
              withdraw: false,
              withdraw_fee: '0.0002',
              min_withdraw: '1000',
              confirmations: 2,
            },
          ],
        },
      ],
    });
    const outcome = await core.walletAssets();
    expect(outcome.ok && outcome.data[0]?.chains[0]).toEqual({
      chain: 'BTC',
      deposit: true,
      withdraw: false,
      fee: '0.0002',
      feeShown: '0,0002',
      minimum: '1000',
      minimumShown: '1.000,00',
      // No market told BTC's decimals yet.
      amountDecimals: null,
      confirmations: 2,
    });
  });

  it('signs record amounts, filters by type and says when more pages follow', async () => {
    answers['/wallet/records'] = ok({
      list: [
        {
          id: 3,
          type: 'transfer',
          label: 'transfer',
          wallet: 'funding',
          to_wallet: 'contract',
          link: null,
          asset: 'USDT',
          amount: '1500',
          reference: 'transfer:1:k',
          trade: null,
          created_at: '2025-01-02T03:04:05.000Z',
        },
        {
          id: 2,
          type: 'deposit',
          label: 'deposit',
          wallet: 'funding',
          to_wallet: null,
          link: null,
          asset: 'USDT',
          amount: '2000.25',
          reference: 'tx',
          trade: null,
          created_at: '2025-01-02T03:04:05.000Z',
        },
      ],
      total: 45,
      page: 2,
      size: 20,
    });
    const outcome = await core.walletRecords('transfer', 2);
    expect(outcome.ok && outcome.data.more).toBe(true);
    expect(outcome.ok && outcome.data.rows.map((row) => row.amounts[0]?.shown)).toEqual([
      '1.500,00',
      '+2.000,25',
    ]);
    const asked = () => queries.filter((query) => query.startsWith('/wallet/records'));
    expect(asked()).toEqual(['/wallet/records?type=transfer&page=2&size=20']);
    await core.walletRecords('all', 3);
    expect(asked()[1]).toBe('/wallet/records?page=3&size=20');
  });

  it('shows how far a deposit has got', async () => {
    answers['/wallet/deposits'] = ok({
      list: [
        {
          id: 1,
          asset: 'USDT',
          chain: 'TRC20',
          txid: 'ab'.repeat(32),
          address: 'T1',
          amount: '100',
          confirmations: 3,
          required_confirmations: 20,
          status: 'confirming',
          explorer_url: null,
          created_at: '2025-01-02T03:04:05.000Z',
          credited_at: null,
        },
      ],
      total: 1,
      page: 1,
      size: 20,
    });
    const outcome = await core.deposits(1);
    expect(outcome.ok && outcome.data).toMatchObject({
      more: false,
      rows: [{ amountShown: '100,00', status: 'confirming', confirmations: 3, required: 20 }],
    });
  });
});

describe('wallet, account and content answers in the log', () => {
  const records = {
    list: [
      {
        id: 2,
        type: 'deposit',
        label: 'deposit',
        wallet: 'funding',
        to_wallet: null,
        link: null,
        asset: 'USDT',
        amount: '2000.25',
        reference: 'tx',
        trade: null,
        created_at: '2025-01-02T03:04:05.000Z',
      },
    ],
    total: 1,
    page: 1,
    size: 20,
  };
  const invite = {
    invite_code: 'ABCD2345',
    link: '/#/login?invite_code=ABCD2345',
    counts: { level1: 1, level2: 0, level3: 0 },
    log: [{ level: 1, account: 'us***@example.com', registered_at: '2025-03-04T05:06:07.000Z' }],
    rates: ['0.2', '0.1', '0.05'],
    earned: [],
  };
  const about = { title: 'About us', content: '<p>Hi</p>', updated_at: '2026-11-24T00:00:00.000Z' };

  it('are logged with what their screens draw, so /debug replays those screens', async () => {
    answers['/wallet/records'] = ok(records);
    answers['/security/invite'] = ok(invite);
    answers['/index/services'] = ok(about);
    answers['/wallet/withdraw'] = ok({
      id: 7,
      asset: 'USDT',
      chain: 'TRC20',
      address: 'TXYZ',
      amount: '20',
      fee: '1',
      status: 'pending',
      reason: null,
      created_at: '2025-01-02T03:04:05.000Z',
      updated_at: '2025-01-02T03:04:05.000Z',
    });
    await core.walletRecords('all', 1);
    await core.inviteInfo();
    await core.document('about');
    const form = { asset: 'USDT', chain: 'TRC20' as const, address: 'TXYZ', amount: '20' };
    await core.withdraw({ ...form, trade_password: '246810' });
    const capture = await core.capture();
    expect(capture).not.toContain('246810');
    const replayed = viewAt(fromNdjson(capture));
    expect(replayed.wallet.records).toEqual({ type: 'all', page: records });
    expect(replayed.account.invite).toEqual(invite);
    expect(replayed.content.documents.about).toEqual(about);
  });
});
