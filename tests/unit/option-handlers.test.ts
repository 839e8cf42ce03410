// Second-contract calls through the worker's core: one idempotency key per intent, reused when an
// order went unanswered and fresh once one was answered; every intent logged with its key and only
// its fields; the stake reviewed with the published odds (core/option/odds.ts); the trade page's
// view with the durations by unit, the wallet, the record and each contract's opening print; the
// opening window asked for once the socket's clock passed the opening second; and a verification
// rechecked here with the rule the server settles by.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import { emptyOptionForm } from '../../core/option/order.machine.ts';
import { viewAt } from '../../core/projections/client-view.ts';
import { errorCodes } from '../../schemas/errors.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import type { DomainContext } from '../../workers/kernel/context.ts';
import { followLimits } from '../../workers/option/limits-follow.ts';
import { askOpenings } from '../../workers/option/openings.ts';
import { verificationView } from '../../workers/option/rows.ts';
import { tradeView } from '../../workers/option/views.ts';
import { logged, takenFrame, tickerData } from '../support/events.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';
import { contract, expiryAt, openAt, print, products, settled } from './option-fixtures.ts';

interface Sent {
  path: string;
  key: string | undefined;
  body: string;
  query: string;
}

let worker: WorkerHarness;
let core: WorkerCore;
let sent: Sent[];
let next: (path: string) => unknown;

const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 100 });

function answer(path: string): unknown {
  if (path === '/option/products') return ok(products);
  if (path === '/market/second') {
    return ok({
      simulated: true,
      list: [],
      durations: products.products.map(({ unit, length, payout_rate }) => ({
        unit,
        value: length,
        payout_rate,
      })),
    });
  }
  if (path === '/option/orders') return ok(page([settled(2, 'win'), settled(1, 'lose')]));
  if (path === '/option/limits') {
    return ok({ daily_limit: '500', max_limit: '10000', pending: null, lost_today: '10' });
  }
  if (path === '/wallet/balances') {
    return ok({
      balances: [
        { wallet: 'option', asset: 'USDT', available: '100', frozen: '0', value_usdt: '100' },
      ],
      totals: { funding: '0', contract: '0', option: '100', all: '100' },
    });
  }
  return ok(contract(11));
}

beforeEach(async () => {
  sent = [];
  next = answer;
  worker = await startWorkerCore(({ path, url, init }) => {
    const headers = init.headers as Record<string, string>;
    sent.push({
      path,
      key: headers['Idempotency-Key'],
      body: String(init.body ?? ''),
      query: url.search,
    });
    return next(path);
  });
  core = worker.core;
  core.setCredentials({ token: 'user-token', language: 'en' });
});

afterEach(() => worker.stop());

const upTen = { ...emptyOptionForm, stake: '10.00' };
const ordered = () => sent.filter((request) => request.path === '/option/order');
const bodyOf = (request: Sent | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body));

describe('second-contract calls in the worker', () => {
  it('reuses the key of an unanswered order for its retry, and sends only its fields', async () => {
    next = () => 'offline';
    expect(await core.placeOption('BTCUSDT', upTen)).toMatchObject({ ok: false });
    next = answer;
    const retried = await core.placeOption('BTCUSDT', { ...upTen, stake: '10' });
    expect(retried).toMatchObject({
      ok: true,
      data: { id: 11, direction: 'up', stake: '10.00', rate: '80%', winPays: '18.00' },
    });
    const [first, second] = ordered();
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(bodyOf(second)).toEqual({
      symbol: 'BTCUSDT',
      direction: 'up',
      unit: 'minute',
      length: '1',
      amount: '10',
    });
  });

  it('takes a fresh key once an order was answered, refusal or not, and logs each with it', async () => {
    await core.placeOption('BTCUSDT', upTen);
    next = () => ({ code: errorCodes.option_open_limit, msg: 'Too many open', data: null });
    expect(await core.placeOption('BTCUSDT', upTen)).toMatchObject({
      ok: false,
      failure: { kind: 'business' },
    });
    expect(new Set(ordered().map((request) => request.key)).size).toBe(2);
    const events = fromNdjson(await core.capture());
    const intents = events.filter((e) => e.type === 'option-order');
    expect(intents.map((e) => e.payload)).toEqual(
      ordered().map((request) => ({ ...bodyOf(request), length: 1, key: request.key })),
    );
    expect(events.filter((e) => e.type === 'option-placed')).toHaveLength(1);
  });

  it('reviews a stake with the published odds and the wallet once they are known', async () => {
    await core.refreshOption();
    // 10 at 80 %: a win pays 18; at an even chance 9 back for 10; 1 ÷ 1.8 breaks even, written
    // with two decimals like every percentage (the published rate keeps its own).
    expect(await core.reviewOption(upTen)).toEqual({
      problem: null,
      stake: '10.00',
      rate: '80%',
      payout: '18.00',
      expectedValue: '-1.00',
      expectedSign: -1,
      breakEven: '55.56%',
    });
    const fiveMinutes = await core.reviewOption({ ...upTen, length: 5, stake: '33.33' });
    expect(fiveMinutes).toMatchObject({ rate: '82%', payout: '60.6606', expectedValue: '-2.9997' });
    const below = await core.reviewOption({ ...upTen, stake: '9.99' });
    expect(below.problem).toEqual({ rule: 'belowMinimum', params: { amount: '10.00 USDT' } });
    expect((await core.reviewOption({ ...upTen, stake: '10.005' })).problem).toMatchObject({
      rule: 'offStep',
      params: { decimals: 2 },
    });
    expect((await core.reviewOption({ ...upTen, stake: '100.01' })).problem?.rule).toBe(
      'insufficient',
    );
    expect((await core.reviewOption({ ...upTen, unit: 'day', length: 7 })).rate).toBeNull();
  });

  it('loads what is offered and the user’s part, and draws the trade page from it', async () => {
    await core.refreshOption();
    const paths = sent.map((request) => request.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/market/second',
        '/option/products',
        '/option/orders',
        '/wallet/balances',
        '/option/limits',
      ]),
    );
    const events = fromNdjson(await core.capture());
    const view = tradeView(viewAt(events), 'BTCUSDT', 'en');
    expect(view.durations).toEqual([
      {
        unit: 'minute',
        chips: [
          { unit: 'minute', length: 1, rate: '80%' },
          { unit: 'minute', length: 5, rate: '82%' },
        ],
      },
      { unit: 'hour', chips: [{ unit: 'hour', length: 1, rate: '85%' }] },
      { unit: 'day', chips: [{ unit: 'day', length: 1, rate: '88%' }] },
    ]);
    expect(view.offer).toMatchObject({ enabled: true, offered: true, minStake: { exact: '10' } });
    expect(view.available).toEqual({ exact: '100', shown: '100.00' });
    // One win and one loss: half of the decided ones.
    expect(view.record).toEqual({ hitRate: '50.00%', wins: 1, losses: 1, undecided: 0, sample: 2 });
    expect(view.limits).toMatchObject({ daily: { exact: '500' }, lostToday: '10.00' });
  });

  it('sets the daily loss limit and logs the limits it answers', async () => {
    await core.setOptionLimit('250.50');
    expect(
      bodyOf(sent.find((request) => request.path === '/option/limits' && request.body)),
    ).toEqual({
      daily_limit: '250.5',
    });
    const events = fromNdjson(await core.capture());
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['option-limit-change', 'option-limits']),
    );
  });
});

describe('the trade page’s contracts', () => {
  const base = () => [
    logged({ source: 'api', type: 'login', payload: { account: 'a@example.com', user_id: 1 } }),
    logged({ source: 'api', type: 'option-products', payload: products }),
    logged({ source: 'api', type: 'option-placed', payload: contract(1) }),
  ];

  it('shows an open contract’s opening print once its window holds it, for the chart too', () => {
    const before = tradeView(viewAt(base()), 'BTCUSDT', 'en').contracts[0];
    expect(before).toMatchObject({ id: 1, opening: null, openingValue: null, status: 'open' });
    expect(before?.openTime).toBe(openAt);
    expect(before?.expiryTime).toBe(expiryAt);
    const window = logged({
      source: 'api',
      type: 'option-prints',
      payload: {
        symbol: 'BTCUSDT',
        from: openAt,
        to: openAt + 5000,
        prints: [print(0, '84000.00', true), print(1, '84012.50')],
      },
    });
    const after = tradeView(viewAt([...base(), window]), 'BTCUSDT', 'en').contracts[0];
    expect(after).toMatchObject({ opening: { price: '84,012.50' }, openingValue: 84012.5 });
  });

  it('shows a settled contract with both prints and what it paid', () => {
    const events = [...base(), takenFrame('options', [settled(1, 'win')])];
    const row = tradeView(viewAt(events), 'BTCUSDT', 'de').contracts[0];
    expect(row).toMatchObject({
      status: 'settled',
      outcome: 'win',
      opening: { price: '84.000,5' },
      settlement: { price: '84.010' },
      payout: '18,00',
      result: '+8,00',
      resultSign: 1,
    });
  });
});

describe('the opening window', () => {
  function stub() {
    const asked: string[] = [];
    let events = [logged({ source: 'api', type: 'option-placed', payload: contract(1) })];
    const context = {
      loggedIn: () => true,
      record: (event: Parameters<DomainContext['record']>[0]) => {
        events = [...events, logged(event)];
      },
      view: () => viewAt(events),
      call: async (endpoint: { path: string }, input: Record<string, unknown>) => {
        asked.push(`${endpoint.path}?${input.symbol}&${input.from}&${input.to}`);
        return { ok: true, data: { symbol: 'BTCUSDT', prints: [print(0, '84000')] } };
      },
    } as unknown as DomainContext;
    const tick = (ts: number) => {
      events = [
        ...events,
        takenFrame('ticker.BTCUSDT', tickerData('84000'), events.length + 1, ts),
      ];
      askOpenings(viewAt(events), context);
    };
    return { asked, tick, context };
  }

  it('is asked for once the socket’s clock passed the opening second, until its print is in', async () => {
    const { asked, tick } = stub();
    tick(openAt + 1000);
    expect(asked).toEqual([]);
    tick(openAt + 1600);
    expect(asked).toEqual([`/market/prints?BTCUSDT&${openAt}&${openAt + 5000}`]);
    // Answered with the opening print: not asked again.
    await Promise.resolve();
    tick(openAt + 4000);
    expect(asked).toHaveLength(1);
  });

  it('is asked again a few seconds apart while the print is missing, then no more', () => {
    const { asked, tick, context } = stub();
    (context as { call: unknown }).call = async (endpoint: { path: string }) => {
      asked.push(endpoint.path);
      return { ok: true, data: { symbol: 'BTCUSDT', prints: [] } };
    };
    for (let ms = 1500; ms <= 30_000; ms += 500) tick(openAt + ms);
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(asked.length).toBeLessThanOrEqual(5);
  });
});

describe('a verification', () => {
  const answered = {
    id: 1,
    symbol: 'BTCUSDT',
    direction: 'up' as const,
    unit: 'minute' as const,
    length: 1,
    payout_rate: '0.8',
    open_time: new Date(openAt).toISOString(),
    expiry_time: new Date(expiryAt).toISOString(),
    opening: print(1, '84000.5'),
    settlement: { ...print(60, '84010'), sources: ['simulated'] },
    opening_window: [print(0, '83999', true), print(1, '84000.5'), print(2, '84001')],
    settlement_window: [print(60, '84010'), print(61, '84020')],
    rule: 'first-fresh-print-within-5s',
    status: 'settled' as const,
    recorded_outcome: 'win' as const,
    recomputed_outcome: 'win' as const,
    matches: true,
    mine: true,
    stake: '10',
    recorded_payout: '18',
    recomputed_payout: '18',
  };

  it('marks the prints the rule read and rechecks the outcome with the rule here', () => {
    const view = verificationView(answered, 'en');
    expect(view.openingWindow.map((row) => [row.price, row.stale, row.chosen])).toEqual([
      ['83,999', true, false],
      ['84,000.5', false, true],
      ['84,001', false, false],
    ]);
    expect(view).toMatchObject({
      matches: true,
      recheck: { outcome: 'win', agrees: true },
      stake: '10.00',
      recordedPayout: '18.00',
    });
  });

  it('says so when the record does not follow from its prints', () => {
    const tampered = { ...answered, recorded_outcome: 'lose' as const, recorded_payout: '0' };
    expect(verificationView(tampered, 'en').recheck).toEqual({ outcome: 'win', agrees: false });
    const open = { ...answered, status: 'open' as const, recorded_outcome: null };
    expect(verificationView(open, 'en').recheck).toBeNull();
  });
});

describe('a closed second contract on the trade page', () => {
  const offerOf = (answer: object) =>
    tradeView(
      viewAt([
        logged({ source: 'api', type: 'option-products', payload: { ...products, ...answer } }),
      ]),
      'BTCUSDT',
      'en',
    ).offer;

  it('says it is closed because the price feed is predictable', () => {
    expect(
      offerOf({ enabled: false, closed_reason: 'predictable_feed', products: [] }),
    ).toMatchObject({ enabled: false, closedReason: 'predictable_feed', offered: true });
  });

  it('says it is not offered when switched off, or when the answer gives no reason', () => {
    const off = { enabled: false, markets: [], products: [] };
    expect(offerOf({ ...off, closed_reason: 'trading_off' })).toMatchObject({
      enabled: false,
      closedReason: 'trading_off',
    });
    expect(offerOf(off)).toMatchObject({ enabled: false, closedReason: 'trading_off' });
    expect(offerOf({})).toMatchObject({ enabled: true, closedReason: null });
  });
});

describe('the daily loss limit on the trade page', () => {
  it('is asked for again when a contract settles, so "lost today" counts the loss at once', () => {
    const asked: string[] = [];
    const context = {
      loggedIn: () => true,
      record: () => {},
      call: async (endpoint: { path: string }) => {
        asked.push(endpoint.path);
        return { ok: false, failure: { kind: 'network' } };
      },
    } as unknown as DomainContext;
    const placed = [
      logged({ source: 'api', type: 'login', payload: { account: 'a@example.com', user_id: 1 } }),
      logged({ source: 'api', type: 'option-placed', payload: contract(1) }),
    ];
    const open = viewAt(placed);
    const lost = viewAt([...placed, takenFrame('options', [settled(1, 'lose')])]);
    followLimits(open, open, context);
    expect(asked).toEqual([]);
    followLimits(open, lost, context);
    expect(asked).toEqual(['/option/limits']);
  });
});
