// The Deals tab's fills through the worker's core: the request names the market and the page, the
// answer is logged and folded (so a capture replays what the tab showed), and each fill arrives as
// a row formatted for the locale, from the user's side, with its fee in its own asset.
import { describe, expect, it } from 'vitest';
import type { SpotFill } from '../../schemas/api/spot-fills.schema.ts';
import { ok, recordingCore } from './recording-core.ts';

const fill = (id: number, overrides: Partial<SpotFill> = {}): SpotFill => ({
  id,
  symbol: 'ETHUSDT',
  order_id: 7,
  side: 'buy',
  role: 'taker',
  price: '3000.00',
  quantity: '0.4000',
  quote: '1200',
  fee: '0.0004',
  fee_asset: 'ETH',
  created_at: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

const page = {
  list: [fill(2), fill(1, { side: 'sell', role: 'maker', fee: '1.2', fee_asset: 'USDT' })],
  total: 21,
  page: 1,
  size: 20,
};

const worker = recordingCore(() => ok(page));

describe("the user's spot fills through the worker", () => {
  it('asks for one market’s page and answers rows formatted from the user’s side', async () => {
    const outcome = await worker.core.spotFills(1, 'ETHUSDT');
    expect(worker.sentTo('/spot/fills')[0]?.query).toBe('?page=1&symbol=ETHUSDT&size=20');
    expect(outcome).toMatchObject({ ok: true, data: { page: 1, more: true } });
    const rows = outcome.ok ? outcome.data.rows : [];
    expect(rows.map((row) => [row.id, row.side, row.role, row.feeAsset])).toEqual([
      [2, 'buy', 'taker', 'ETH'],
      [1, 'sell', 'maker', 'USDT'],
    ]);
    expect(rows[0]).toMatchObject({ base: 'ETH', quote: 'USDT', quoteShown: '1,200.00' });
    expect(rows[0]?.priceShown).toMatch(/^3,000(\.0+)?$/);
    expect(rows[0]?.quantityShown).toMatch(/^0\.4/);
  });

  it('logs the answer where the view folds it, so a capture replays the tab', async () => {
    await worker.core.spotFills(1);
    expect((await worker.signedInView()).spotFills).toEqual(page);
  });
});
