// The user's deposits followed live: each `deposits` frame keeps a deposit in its newest state, a
// list shows over its own rows only what was told after it was asked for (an answer can be newer
// than an earlier frame), and the deposit page's view shows "confirming" counting up, then the
// credit with the new balance, from the frames alone; the worker holds the channel once signed in.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { viewAt } from '../../core/projections/client-view.ts';
import {
  type Deposit,
  depositsSinceAsked,
  liveDepositLimit,
  walletFold,
} from '../../core/projections/wallet.ts';
import { withLiveDeposits } from '../../core/wallet/live-deposits.ts';
import { createWorkerCore, type WorkerCore } from '../../workers/create-core.ts';
import type { ViewPayloads } from '../../workers/facade.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import { liveEveryMs } from '../../workers/kernel/view.ts';
import { depositActivity } from '../../workers/wallet/views.ts';
import { foldAll, logged, takenFrame } from '../support/events.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { fakeSockets } from '../support/fake-socket.ts';

const txid = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function deposit(id: number, changes: Partial<Deposit> = {}): Deposit {
  return {
    id,
    asset: 'USDT',
    chain: 'ERC20',
    txid: txid(id),
    address: '0x00000000000000000000000000000000000000aa',
    amount: '250',
    confirmations: 1,
    required_confirmations: 3,
    status: 'confirming',
    explorer_url: `https://explorer.test/tx/${txid(id)}`,
    created_at: '2026-11-29T03:00:00.000Z',
    credited_at: null,
    ...changes,
  };
}

const depositsFrame = (...rows: Deposit[]) => takenFrame('deposits', rows);
const askedFor = (page: number) =>
  logged({ source: 'intent', type: 'wallet-deposits-requested', payload: { page } });
const answered = (...rows: Deposit[]) =>
  logged({
    source: 'api',
    type: 'wallet-deposits',
    payload: { list: rows, total: rows.length, page: 1, size: 20 },
  });

describe('the deposits told of on the channel', () => {
  it('keeps each deposit in its newest state, newest first, and forgets them at logout', () => {
    const state = foldAll(walletFold, [
      depositsFrame(deposit(1)),
      depositsFrame(deposit(2)),
      depositsFrame(deposit(1, { confirmations: 2 })),
    ]);
    expect(state.liveDeposits.map((live) => [live.deposit.id, live.deposit.confirmations])).toEqual(
      [
        [2, 1],
        [1, 2],
      ],
    );
    const after = foldAll(
      walletFold,
      [logged({ source: 'intent', type: 'logout', payload: null })],
      state,
    );
    expect(after.liveDeposits).toEqual([]);
  });

  it('keeps the newest ones only, far more than a page shows', () => {
    const rows = Array.from({ length: liveDepositLimit + 5 }, (_, i) => deposit(i + 1));
    const state = foldAll(walletFold, [depositsFrame(...rows)]);
    expect(state.liveDeposits).toHaveLength(liveDepositLimit);
    expect(state.liveDeposits[0]?.deposit.id).toBe(liveDepositLimit + 5);
  });

  it("refuses a frame whose deposit does not match the channel's schema", () => {
    expect(() => takenFrame('deposits', [{ ...deposit(1), status: 'lost' }])).toThrow(/refused/);
  });

  it('lays over a list only what was told after the list was asked for', () => {
    const early = depositsFrame(deposit(1, { confirmations: 1 }));
    const state = foldAll(walletFold, [
      early,
      askedFor(1),
      answered(deposit(1, { confirmations: 2 })),
      // A later page asked for does not make the first page's rows newer.
      askedFor(2),
    ]);
    // The frame came before the answer was asked for: the answer is newer.
    expect(depositsSinceAsked(state)).toEqual([]);
    const later = foldAll(
      walletFold,
      [
        depositsFrame(deposit(1, { status: 'credited', confirmations: 3 })),
        depositsFrame(deposit(2)),
      ],
      state,
    );
    const listed = later.deposits?.list ?? [];
    expect(
      withLiveDeposits(listed, depositsSinceAsked(later)).map((row) => [row.id, row.status]),
    ).toEqual([
      [2, 'confirming'],
      [1, 'credited'],
    ]);
  });
});

describe('a list with the live deposits over it', () => {
  it('puts newer deposits on top, replaces listed ones, and leaves older unlisted ones out', () => {
    const listed = [deposit(5), deposit(4)];
    const live = [deposit(3, { status: 'credited' }), deposit(7), deposit(4, { confirmations: 2 })];
    expect(
      withLiveDeposits(listed, live).map((row) => [row.id, row.confirmations, row.status]),
    ).toEqual([
      [7, 1, 'confirming'],
      [5, 1, 'confirming'],
      [4, 2, 'confirming'],
    ]);
    expect(withLiveDeposits([], live).map((row) => row.id)).toEqual([7, 4, 3]);
  });
});

describe("the deposit page's live view", () => {
  const balancesAnswer = (available: string) =>
    logged({
      source: 'api',
      type: 'wallet-balances',
      payload: {
        balances: [{ wallet: 'funding', asset: 'USDT', available, frozen: '0', value_usdt: null }],
        totals: { funding: available, contract: '0', option: '0', all: available },
      },
    });

  it("shows this asset's deposits on this chain as the frames tell, and the new balance", () => {
    const events: LoggedEvent[] = [
      askedFor(1),
      answered(deposit(3, { asset: 'ETH', chain: 'ETH' }), deposit(2, { status: 'credited' })),
      balancesAnswer('100'),
      depositsFrame(deposit(4, { confirmations: 1 })),
    ];
    const params = { asset: 'USDT', chain: 'ERC20' } as const;
    const confirming = depositActivity(viewAt(events), params, 'en');
    expect(confirming.loaded).toBe(true);
    expect(confirming.availableShown).toBe('100.00');
    expect(confirming.rows.map((row) => [row.id, row.status, row.confirmations])).toEqual([
      [4, 'confirming', 1],
      [2, 'credited', 1],
    ]);
    expect(confirming.rows[0]).toMatchObject({
      required: 3,
      explorerUrl: `https://explorer.test/tx/${txid(4)}`,
    });

    events.push(
      depositsFrame(deposit(4, { status: 'credited', confirmations: 3 })),
      takenFrame('balances', [{ wallet: 'funding', asset: 'USDT', available: '350', frozen: '0' }]),
    );
    const credited = depositActivity(viewAt(events), params, 'en');
    expect(credited.rows[0]).toMatchObject({ id: 4, status: 'credited', confirmations: 3 });
    expect(credited.availableShown).toBe('350.00');
  });

  it('says the deposits are not read yet rather than that there are none', () => {
    const view = depositActivity(viewAt([]), { asset: 'USDT', chain: 'ERC20' }, 'en');
    expect(view).toEqual({ availableShown: null, rows: [], loaded: false });
  });
});

describe('the worker with the deposits channel', () => {
  let scheduler: FakeScheduler;
  let sockets: ReturnType<typeof fakeSockets>;
  let frames: (() => void)[];
  let store: EventStore;
  let core: WorkerCore;
  let answers: Record<string, unknown>;
  let stores = 0;

  const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });
  const drawFrame = () => {
    scheduler.advance(liveEveryMs);
    const pending = frames;
    frames = [];
    for (const run of pending) run();
  };
  const subscribed = () =>
    sockets.latest.sent.flatMap((frame) => {
      const { op, channels } = frame as { op: string; channels?: string[] };
      return op === 'sub' ? (channels ?? []) : [];
    });

  beforeEach(async () => {
    scheduler = new FakeScheduler();
    sockets = fakeSockets();
    frames = [];
    answers = {};
    store = new EventStore({ name: `live-deposits-${++stores}`, scheduler });
    await store.open();
    const fakeFetch = (async (url: string) => {
      const path = new URL(url, 'http://x').pathname.replace('/api', '');
      return new Response(JSON.stringify(answers[path] ?? { code: 1040, msg: 'nope', data: null }));
    }) as unknown as typeof fetch;
    core = createWorkerCore({
      apiBase: '/api',
      socketUrl: 'ws://x/ws',
      fetch: fakeFetch,
      createSocket: sockets.create,
      scheduler,
      store,
      requestFrame: (run) => frames.push(run),
    });
    core.start();
  });

  afterEach(() => {
    core.stop();
    store.close();
  });

  it('holds `deposits` once signed in and shows a deposit confirming, then credited', async () => {
    answers['/wallet/deposits'] = ok({ list: [], total: 0, page: 1, size: 20 });
    answers['/wallet/balances'] = ok({
      balances: [],
      totals: { funding: '0', contract: '0', option: '0', all: '0' },
    });
    core.setCredentials({ token: 'user-token', language: 'en' });
    sockets.latest.serverOpens();
    const shown: ViewPayloads['depositActivity'][] = [];
    core.watch('depositActivity', (view) => shown.push(view), { asset: 'USDT', chain: 'ERC20' });
    await vi.dynamicImportSettled();
    expect(subscribed()).toContain('deposits');
    await vi.waitFor(() => {
      drawFrame();
      expect(shown.at(-1)?.loaded).toBe(true);
    });
    expect(shown.at(-1)).toMatchObject({ rows: [], availableShown: '0.00' });

    const send = (channel: string, seq: number, data: unknown) =>
      sockets.latest.serverSends({ channel, seq, ts: seq, data });
    send('deposits', 1, [deposit(9, { confirmations: 1 })]);
    drawFrame();
    expect(shown.at(-1)?.rows).toMatchObject([{ id: 9, status: 'confirming', confirmations: 1 }]);
    send('deposits', 2, [deposit(9, { status: 'credited', confirmations: 3 })]);
    send('balances', 1, [{ wallet: 'funding', asset: 'USDT', available: '250', frozen: '0' }]);
    drawFrame();
    expect(shown.at(-1)).toMatchObject({
      availableShown: '250.00',
      rows: [{ id: 9, status: 'credited', confirmations: 3 }],
    });
  });
});
