// Pre-sale subscriptions through the worker's core: one idempotency key per commitment, reused when
// one went unanswered and fresh once one was answered, each intent logged with its key and only
// its fields; the amount checked against the cap the user has left and the funding wallet; the
// estimate at the current progress by the published rule, pro rata once oversubscribed; the buy
// page's view; the rows of projects and records; and a published allocation recomputed here.
import { beforeEach, describe, expect, it } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import type { PublishedAllocation } from '../../core/projections/subscription.ts';
import type { SubscriptionProject } from '../../schemas/api/subscription.schema.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { allocationView } from '../../workers/subscription/rows.ts';
import { buyView } from '../../workers/subscription/views.ts';
import { bodyOf, ok, recordingCore, usdtBalance } from './recording-core.ts';
import { endAt, paged, project, record, startAt } from './subscription-fixtures.ts';

let listed: SubscriptionProject[];

function answer(path: string): unknown {
  if (path === '/subscription/list') return ok(paged(listed));
  if (path === '/subscription/records') return ok(paged([record(1)]));
  if (path === '/wallet/balances') return usdtBalance('funding', '280', '100');
  return ok(record(1, { payment: '150' }));
}

const worker = recordingCore(answer);
beforeEach(() => {
  listed = [project(2, { stage: 'upcoming' }), project(1)];
});

const commits = () => worker.sentTo('/subscription/buy');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('commitments through the worker', () => {
  it('reuses the key of an unanswered commitment for its retry, and sends only its fields', async () => {
    worker.next = () => 'offline';
    expect(await worker.core.commitSubscription(1, '50.00')).toMatchObject({ ok: false });
    worker.next = answer;
    const retried = await worker.core.commitSubscription(1, '50');
    expect(retried).toMatchObject({
      ok: true,
      data: { projectId: 1, payment: '150.00', winning: null, stage: 'presale' },
    });
    const [first, second] = commits();
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(bodyOf(second)).toEqual({ project_id: '1', amount: '50' });
  });

  it('writes the times of a refusal in the user’s locale, not as ISO strings', async () => {
    worker.next = () => ({
      code: errorCodes.subscription_not_open,
      msg: 'This project takes commitments only during its pre-sale, from 2026-11-29T12:00:00.000Z to 2026-11-30T08:30:00.000Z',
      data: null,
    });
    const refused = await worker.core.commitSubscription(1, '50');
    if (refused.ok || refused.failure.kind !== 'business') throw new Error('not refused');
    expect(refused.failure.msg).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const dated = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(refused.failure.msg).toBe(
      `This project takes commitments only during its pre-sale, from ${dated.format(Date.parse('2026-11-29T12:00:00Z'))} to ${dated.format(Date.parse('2026-11-30T08:30:00Z'))}`,
    );
  });

  it('takes a fresh key once a commitment was answered, and logs each intent with it', async () => {
    await worker.core.commitSubscription(1, '50');
    worker.next = () => ({ code: errorCodes.subscription_not_open, msg: 'Not open', data: null });
    expect(await worker.core.commitSubscription(1, '50')).toMatchObject({
      ok: false,
      failure: { kind: 'business' },
    });
    expect(new Set(commits().map((request) => request.key)).size).toBe(2);
    const events = fromNdjson(await worker.core.capture());
    expect(events.filter((e) => e.type === 'subscription-commit').map((e) => e.payload)).toEqual(
      commits().map((request) => ({ project_id: 1, amount: '50', key: request.key })),
    );
    expect(events.filter((e) => e.type === 'subscription-committed')).toHaveLength(1);
  });

  it('lists the projects again after a commitment: everyone’s total moved', async () => {
    await worker.core.commitSubscription(1, '50');
    await settle();
    expect(worker.sent.map((request) => request.path)).toContain('/subscription/list');
  });
});

describe('the amount before it is sent', () => {
  // Cap 400, 100 committed so far: 300 left; 280 in the funding wallet.
  beforeEach(() => worker.core.refreshSubscription(1));

  it('is refused above what the cap leaves, or above the wallet', async () => {
    expect((await worker.core.reviewSubscription(1, '300.01')).problem).toEqual({
      rule: 'aboveCap',
      params: { amount: '300.00 USDT' },
    });
    expect((await worker.core.reviewSubscription(1, '290')).problem).toEqual({
      rule: 'insufficient',
      params: {},
    });
    expect((await worker.core.reviewSubscription(1, '')).problem?.rule).toBe('required');
    expect((await worker.core.reviewSubscription(1, '0')).problem?.rule).toBe('invalid');
  });

  it('estimates the whole commitment at the current progress: its demand while undersubscribed', async () => {
    // 100 more: 200 of the user's at 0.5 buy 400 tokens; everyone's 350 want 700 of 1,000.
    expect(await worker.core.reviewSubscription(1, '100')).toEqual({
      problem: null,
      estimate: { commitment: '200.00', tokens: '400.00', cost: '200.00', refund: '0.00' },
    });
  });

  it('estimates a pro-rata share once the project is oversubscribed', async () => {
    listed = [project(1, { committed: '900', progress: '1.8' })];
    await worker.core.refreshSubscription(1);
    // 100 more: 200 of everyone's 1,000 share the 1,000 tokens: 200 tokens for 100, 100 back.
    expect((await worker.core.reviewSubscription(1, '100')).estimate).toEqual({
      commitment: '200.00',
      tokens: '200.00',
      cost: '100.00',
      refund: '100.00',
    });
  });
});

describe('the buy page’s view', () => {
  it('shows the project, the wallet, the commitment so far, the room and its estimate', async () => {
    await worker.core.refreshSubscription(1);
    const view = buyView(await worker.signedInView(), 1, 'en');
    expect(view).toMatchObject({
      loggedIn: true,
      missing: false,
      open: true,
      available: { exact: '280', shown: '280.00' },
      committed: { exact: '100', shown: '100.00' },
      room: { exact: '300', shown: '300.00' },
      estimate: { commitment: '100.00', tokens: '200.00', cost: '100.00', refund: '0.00' },
      record: { payment: '100.00' },
    });
    expect(view.project).toMatchObject({
      id: 1,
      price: '0.50',
      supply: '1,000.00',
      cap: '400.00',
      progress: '50.00%',
      progressWidth: 50,
      oversubscribed: false,
      next: { moment: 'end', at: endAt },
    });
  });

  it('says a project no page lists is missing, once the list was read to its end', async () => {
    await worker.core.refreshSubscription(9);
    const view = buyView(await worker.signedInView(), 9, 'en');
    expect(view).toMatchObject({ project: null, missing: true, open: false, room: null });
  });

  it('looks for a project page by page', async () => {
    const pages = [paged([project(3)], 1, 100, 101), paged([project(1)], 2, 100, 101)];
    worker.next = (path) => (path === '/subscription/list' ? ok(pages.shift()) : answer(path));
    await worker.core.refreshSubscription(1);
    const queries = worker.sentTo('/subscription/list').map((r) => r.query);
    expect(queries).toEqual(['?page=1&size=100', '?page=2&size=100']);
    const view = buyView(await worker.signedInView(), 1, 'en');
    expect(view.project?.id).toBe(1);
  });
});

describe('rows', () => {
  it('writes a project’s progress, capped bar and next moment by stage', async () => {
    listed = [
      project(3, { progress: '1.5', committed: '750', stage: 'finish' }),
      project(2, { stage: 'upcoming', progress: '0' }),
      project(1, { stage: 'winning' }),
    ];
    const answered = await worker.core.subscriptionProjects(1);
    if (!answered.ok) throw new Error('no page');
    const [finish, upcoming, winning] = answered.data.rows;
    expect(finish).toMatchObject({
      progress: '150.00%',
      progressWidth: 100,
      oversubscribed: true,
      next: { moment: 'distribute' },
    });
    expect(upcoming).toMatchObject({ progress: '0.00%', next: { moment: 'start', at: startAt } });
    expect(winning?.next).toBeNull();
    expect(answered.data.more).toBe(false);
  });

  it('writes a record’s allocation, refund and signed profit', async () => {
    worker.next = (path) =>
      path === '/subscription/records'
        ? ok(
            paged([
              record(1, {
                stage: 'winning',
                winning: '180.50',
                refund: '9.75',
                profit: '-4.5',
                profit_ratio: '-0.0500',
              }),
            ]),
          )
        : answer(path);
    const answered = await worker.core.subscriptionRecords(1);
    expect(answered).toMatchObject({
      ok: true,
      data: {
        rows: [
          {
            winning: '180.50',
            refund: '9.75',
            profit: '-4.50',
            profitRatio: '-5.00%',
            profitSign: -1,
          },
        ],
      },
    });
  });
});

describe('a published allocation', () => {
  // Three commitments of 400 share 1,000 tokens at 0.5: 333.33333333 each and the atom left over
  // to the largest remainder, a tie the smaller hash wins.
  const published = (overrides: Partial<PublishedAllocation['entries'][number]> = {}) => ({
    project_id: 1,
    rule: 'pro-rata-by-commitment-largest-remainder',
    supply: '1000',
    price: '0.5',
    cap: '400',
    computed_at: new Date(endAt).toISOString(),
    entries: [
      { account: 'cccc', committed: '400', allocated: '333.33333333', refund: '233.33333333' },
      { account: 'aaaa', committed: '400', allocated: '333.33333334', refund: '233.33333333' },
      {
        account: 'bbbb',
        committed: '400',
        allocated: '333.33333333',
        refund: '233.33333333',
        ...overrides,
      },
    ],
  });

  it('agrees with the rule run again here, entry by entry', () => {
    const view = allocationView(published(), 'en');
    expect(view.recheck).toEqual({ agrees: true, allocated: '1,000.00' });
    expect(view.entries.map((entry) => entry.agrees)).toEqual([true, true, true]);
    expect(view).toMatchObject({ committed: '1,200.00', participants: 3, supply: '1,000.00' });
  });

  it('says which entry the rule does not give what was published', () => {
    const view = allocationView(published({ allocated: '333.33333334' }), 'en');
    expect(view.recheck?.agrees).toBe(false);
    expect(view.entries.map((entry) => entry.agrees)).toEqual([true, true, false]);
  });

  it('has nothing to recheck before the pre-sale ended', () => {
    const before = published();
    const view = allocationView(
      {
        ...before,
        computed_at: null,
        entries: before.entries.map((e) => ({ ...e, allocated: null, refund: null })),
      },
      'en',
    );
    expect(view.recheck).toBeNull();
    expect(view.entries[0]).toMatchObject({ allocated: null, agrees: null });
  });
});
