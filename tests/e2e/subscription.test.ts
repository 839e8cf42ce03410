// Pre-sale subscriptions in a phone-sized Chromium against the real server: an operator sets up a
// pre-sale that ends a minute and a half later; another user commits 400 USDT through the API. The
// user finds the project among those in pre-sale with its progress and countdown, reads the rules,
// takes a quarter of their funding balance as the amount, reads the estimate at the current
// progress by the published rule, and commits: the field clears, and the buy page shows the
// commitment, the room the cap leaves and the USDT frozen. The records page lists it; once the pre-sale ends it shows the tokens
// allocated pro rata and the USDT refunded, as the published allocation says, and the allocation
// recomputed on the device agrees with every entry.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { allocate } from '../../core/subscription/allocation.ts';
import type { SubscriptionRecord } from '../../schemas/api/subscription.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { SubscriptionPages } from './subscription-page.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp({ timezoneId: 'UTC' });
const api = new ApiClient(appUrl);

const iso = (ms: number) => new Date(ms).toISOString();
/** A token no other run sells: the operator refuses a second project of one asset. */
const newAsset = () => `E${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;

interface Allocation {
  supply: string;
  price: string;
  computed_at: string | null;
  entries: { account: string; committed: string; allocated: string | null }[];
}

describe('pre-sale subscriptions', () => {
  it('commits to a pre-sale, sees it on the records and its allocation rechecked', async () => {
    const user = await registerUser(api, dataDir);
    const other = await registerUser(api, dataDir);
    for (const someone of [user, other]) {
      expect(await ops('deposit', someone.account, 'USDT', '1000', '--chain', 'TRC20')).toContain(
        '"outcome": "credited"',
      );
    }
    const now = Date.now();
    const end = now + 100_000;
    const added = await ops(
      'subscription',
      'add',
      '--name',
      'Meridian e2e',
      '--asset',
      newAsset(),
      '--price',
      '0.5',
      '--supply',
      '1000',
      '--cap',
      '400',
      '--start',
      iso(now - 60_000),
      '--end',
      iso(end),
      '--distribute',
      iso(end + 5_000),
    );
    const id = (JSON.parse(added) as { id: number }).id;
    // Someone else's 400 come first: everyone's 650 then want 1,300 of the 1,000 tokens.
    const theirs = await api.post(
      '/subscription/buy',
      { project_id: String(id), amount: '400' },
      { token: other.token, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(theirs.body.code).toBe(200);

    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    const pages = new SubscriptionPages(app.page);

    // Among the projects in pre-sale, with its progress (400 of 500 USDT) and the time left.
    await app.open('/pages/subscription/index');
    await expect.poll(() => pages.project(id).getAttribute('data-stage'), patient).toBe('presale');
    expect(await pages.figure(`subscription-progress-${id}`)).toBe('80.00%');
    expect(await pages.figure(`subscription-countdown-${id}`)).toMatch(/^00:0[01]:\d\d$/);
    await pages.open(id);
    await app.waitForRoute(`/pages/subscription/buy?id=${id}`);
    expect(await app.page.getByTestId('subscription-rules').textContent()).toContain(
      'the supply is shared pro rata by committed USDT',
    );

    // A quarter of the 1,000 USDT: 250 of everyone's 650 share the 1,000 tokens if it ended now.
    await expect.poll(() => pages.figure('subscription-available'), patient).toBe('1000.00');
    expect(await pages.figure('subscription-committed')).toBe('0.00');
    expect(await pages.figure('subscription-room')).toBe('400.00');
    await pages.share(25);
    expect(await pages.amount().inputValue()).toBe('250');
    await expect.poll(() => pages.figure('subscription-estimate'), patient).toBe('384.61538461');
    expect(await pages.figure('subscription-cost')).toBe('192.30769231');
    expect(await pages.figure('subscription-refund-estimate')).toBe('57.69230769');

    await pages.commit();
    await expect.poll(() => pages.followed().getAttribute('role'), patient).toBe('status');
    // The field clears once committed.
    expect(await pages.amount().inputValue()).toBe('');
    await expect.poll(() => pages.figure('subscription-committed'), patient).toBe('250.00');
    expect(await pages.figure('subscription-room')).toBe('150.00');
    // The USDT is frozen in the funding account until distribution.
    await expect.poll(() => pages.figure('subscription-available'), patient).toBe('750.00');
    await expect.poll(() => pages.figure(`subscription-progress-${id}`), patient).toBe('130.00%');

    // On the records: the commitment, not allocated while the pre-sale runs.
    await app.page.getByRole('button', { name: 'My records' }).click();
    await app.waitForRoute('/pages/subscription/record');
    await expect.poll(() => pages.figure(`subscription-payment-${id}`), patient).toBe('250.00');
    expect(await pages.figure(`subscription-winning-${id}`)).toBe('not allocated yet');
    await pages.allocation(id);
    await expect.poll(() => pages.recheck().getAttribute('data-agrees'), patient).toBe('null');
    await app.page.keyboard.press('Escape');

    // Once the pre-sale has ended, the allocation is published and the record shows its share.
    const allocated = async () =>
      (await api.get<Allocation>('/subscription/allocation', { project_id: String(id) })).body.data
        .computed_at;
    await expect.poll(allocated, { timeout: 180_000, interval: 1000 }).not.toBeNull();
    const published = (
      await api.get<Allocation>('/subscription/allocation', { project_id: String(id) })
    ).body.data;
    const records = await api.get<{ list: SubscriptionRecord[] }>(
      '/subscription/records',
      { page: '1', size: '20' },
      { token: user.token },
    );
    const mine = records.body.data.list.find((record) => record.project_id === id);
    if (!mine?.winning || !mine.refund) throw new Error(`project ${id} was not allocated`);
    // What the rule gives the user's commitment of 250 among the published ones.
    const byRule = allocate(
      parseAmount(published.supply) ?? 0n,
      parseAmount(published.price) ?? 0n,
      published.entries.map((entry) => ({
        account: entry.account,
        committed: parseAmount(entry.committed) ?? 0n,
      })),
    ).filter((entry) => entry.committed === parseAmount('250'));
    expect(byRule.map((entry) => displayAmount(entry.tokens))).toEqual([mine.winning]);

    await app.page.reload();
    await expect.poll(() => pages.figure(`subscription-winning-${id}`), patient).toBe(mine.winning);
    expect(Number(await pages.figure(`subscription-refund-${id}`))).toBe(Number(mine.refund));
    await pages.allocation(id);
    await expect.poll(() => pages.recheck().getAttribute('data-agrees'), patient).toBe('true');
    expect((await ops('ledger', 'check')).trim()).toBe('ok');
  }, 300_000);

  it('keeps the estimate within the supply on a list behind the commitment, and shows the pre-sale ended when it ends', async () => {
    const user = await registerUser(api, dataDir);
    expect(await ops('deposit', user.account, 'USDT', '1000', '--chain', 'TRC20')).toContain(
      '"outcome": "credited"',
    );
    // 100 tokens at 0.05 USDT: a 100 USDT commitment would buy 2,000 of them.
    const now = Date.now();
    const end = now + 25_000;
    const added = await ops(
      'subscription',
      'add',
      '--name',
      'Meridian e2e small',
      '--asset',
      newAsset(),
      '--price',
      '0.05',
      '--supply',
      '100',
      '--cap',
      '400',
      '--start',
      iso(now - 60_000),
      '--end',
      iso(end),
      '--distribute',
      iso(end + 600_000),
    );
    const id = (JSON.parse(added) as { id: number }).id;
    const mine = await api.post(
      '/subscription/buy',
      { project_id: String(id), amount: '100' },
      { token: user.token, headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(mine.body.code).toBe(200);

    await phone.context.addInitScript((token) => localStorage.setItem('token', token), user.token);
    const { app } = phone;
    const pages = new SubscriptionPages(app.page);
    // The project list answers as it stood before the commitment and before the end: in pre-sale,
    // nothing committed yet (an answer read earlier than the user's record).
    await app.page.route('**/subscription/list**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { list: Record<string, unknown>[] } };
      for (const project of body.data.list) {
        if (project.id === id) Object.assign(project, { committed: '0', stage: 'presale' });
      }
      await route.fulfill({ response, json: body });
    });
    await app.open(`/pages/subscription/buy?id=${id}`);

    // What the 100 committed would get now: never past the supply of 100.
    await expect.poll(() => pages.figure('subscription-committed'), patient).toBe('100.00');
    await expect.poll(() => pages.figure('subscription-estimate-now'), patient).toBe('100.00');
    await pages.amount().fill('50');
    await expect.poll(() => pages.figure('subscription-after'), patient).toBe('150.00');
    expect(await pages.figure('subscription-estimate')).toBe('100.00');

    // Once its end has passed, the page says the pre-sale ended and is being allocated: no
    // countdown at 00:00:00 and no Commit button, and its end written in the user's locale.
    await expect
      .poll(() => pages.project(id).getAttribute('data-phase'), { timeout: 60_000, interval: 250 })
      .toBe('allocating');
    expect(await app.page.getByTestId(`subscription-stage-${id}`).textContent()).toBe(
      'Ended · allocating',
    );
    expect(await app.page.getByTestId(`subscription-countdown-${id}`).count()).toBe(0);
    expect(await app.page.getByTestId('subscription-submit').count()).toBe(0);
    const ended = (await app.page.getByTestId('subscription-closed').textContent()) ?? '';
    expect(ended).toContain('The pre-sale ended at');
    expect(ended).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  }, 120_000);
});
