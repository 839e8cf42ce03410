// A dust sale handed over the bus to the holder of its market's lease: the holder's order comes
// back as it is; its refusal comes back as the same BusinessError; no holder, a late answer or the
// holder's own failure read as `engine_unavailable`, with nothing of the failure on the wire; a
// malformed request never reaches the writer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { BusFailure } from '../../server/bus/bus.ts';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import {
  askDustSale,
  type DustSale,
  dustSaleSubject,
  serveDustSales,
} from '../../server/spot/dust-sales.ts';

const lease = 'spot:BTCUSDT';
const silent = { warn: () => undefined };

const sale: DustSale = {
  symbol: 'BTCUSDT',
  userId: 7,
  quantity: 123,
  key: {
    userId: 7,
    key: 'convert-0001:BTC',
    path: '/wallet/small-balances/convert',
    request: { asset: 'BTC', quantity: 123 },
  },
};

const order: SpotOrder = {
  id: 41,
  symbol: 'BTCUSDT',
  side: 'sell',
  type: 'market',
  price: null,
  quantity: '0.00123',
  turnover: null,
  filled_quantity: '0.00123',
  filled_quote: '73.8',
  avg_price: '60000',
  fee: '0.0738',
  fee_asset: 'USDT',
  status: 'filled',
  cancel_reason: null,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
};

/** What `promise` rejected with, for a closer look than `rejects` gives. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dust sales over the bus', () => {
  it("answers the holder's order, the sale handed over exactly", async () => {
    const bus = new LocalBus();
    const sold: DustSale[] = [];
    serveDustSales(
      bus,
      lease,
      async (heard) => {
        sold.push(heard);
        return order;
      },
      silent,
    );
    expect(await askDustSale(bus, lease, sale)).toEqual(order);
    expect(sold).toEqual([sale]);
  });

  it("rejects with the holder's refusal: the same code and params", async () => {
    const bus = new LocalBus();
    serveDustSales(
      bus,
      lease,
      async () => {
        throw new BusinessError('balance_insufficient', { amount: '0.001' });
      },
      silent,
    );
    const error = await rejection(askDustSale(bus, lease, sale));
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ errorName: 'balance_insufficient', params: { amount: '0.001' } });
  });

  it('rejects with engine_unavailable when nobody holds the lease', async () => {
    const bus = new LocalBus();
    serveDustSales(bus, 'spot:ETHUSDT', async () => order, silent);
    const error = await rejection(askDustSale(bus, lease, sale));
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ errorName: 'engine_unavailable' });
  });

  it('stops serving when told to', async () => {
    const bus = new LocalBus();
    const stop = serveDustSales(bus, lease, async () => order, silent);
    stop();
    await expect(askDustSale(bus, lease, sale)).rejects.toMatchObject({
      errorName: 'engine_unavailable',
    });
  });

  it("logs the holder's own failure there and tells the asker only engine_unavailable", async () => {
    const bus = new LocalBus();
    const logged: object[] = [];
    serveDustSales(
      bus,
      lease,
      async () => {
        throw new Error('relation "spot_orders" is locked by pid 4242');
      },
      { warn: (details) => logged.push(details) },
    );
    const error = await rejection(askDustSale(bus, lease, sale));
    expect(error).toMatchObject({ errorName: 'engine_unavailable', params: {} });
    expect(logged).toHaveLength(1);
    // What crosses the wire names no detail of the failure.
    const wire = await rejection(bus.request(dustSaleSubject(lease), sale, 1_000));
    expect(wire).toBeInstanceOf(BusFailure);
    expect(String(wire)).not.toContain('spot_orders');
  });

  it('rejects with engine_unavailable when the answer is late', async () => {
    vi.useFakeTimers();
    const bus = new LocalBus();
    serveDustSales(bus, lease, () => new Promise<SpotOrder>(() => undefined), silent);
    const asked = rejection(askDustSale(bus, lease, sale));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await asked).toMatchObject({ errorName: 'engine_unavailable' });
  });

  it('rejects with engine_unavailable when the answer is not an order', async () => {
    const bus = new LocalBus();
    bus.serve(dustSaleSubject(lease), async () => ({ order: { id: 'x' } }));
    await expect(askDustSale(bus, lease, sale)).rejects.toMatchObject({
      errorName: 'engine_unavailable',
    });
  });

  it('refuses a malformed request without selling', async () => {
    const bus = new LocalBus();
    const sell = vi.fn(async () => order);
    const logged: object[] = [];
    serveDustSales(bus, lease, sell, { warn: (details) => logged.push(details) });
    const malformed: unknown[] = [
      { symbol: 'BTCUSDT', userId: 7 },
      { ...sale, quantity: 0 },
      { ...sale, quantity: 1.5 },
      { ...sale, userId: '7' },
      // Somebody else's key: the sale would be stored under another user.
      { ...sale, key: { ...sale.key, userId: 8 } },
      { ...sale, key: { ...sale.key, path: undefined } },
      'sell everything',
    ];
    for (const message of malformed) {
      const error = await rejection(bus.request(dustSaleSubject(lease), message, 1_000));
      expect(error).toBeInstanceOf(BusFailure);
    }
    expect(sell).not.toHaveBeenCalled();
    expect(logged).toHaveLength(malformed.length);
    // The asker reads such a refusal as the server's failure, never as a sale.
    await expect(askDustSale(bus, lease, { ...sale, quantity: -1 })).rejects.toMatchObject({
      errorName: 'engine_unavailable',
    });
  });
});
