// The server a market-streams test file shares: one in-process server with BTC's markets and no
// liquidity provider, so a book holds only what the file's cases put there and every change is
// theirs; the stream clients and ccxt exchanges the cases open are closed after the file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ContractMarket } from '../../schemas/api/contract.schema.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from './api-client.ts';
import { type DoorTrader, doorTrader } from './door-client.ts';
import { DoorStream } from './door-stream.ts';
import { type InProcessServer, startInProcessServer } from './in-process-server.ts';

export interface DoorStreamServer {
  /** The server, once the file's first hook has started it. */
  server(): InProcessServer;
  /** A client of a stream path. */
  stream(path: string): DoorStream;
  /** An exchange whose sockets are closed after the file. */
  closing<T extends { close(): Promise<unknown> }>(exchange: T): T;
}

/** Registers the file's hooks: call at the top of a test file. */
export function doorStreamServer(): DoorStreamServer {
  let started: InProcessServer | undefined;
  const closers: (() => unknown)[] = [];

  beforeAll(async () => {
    started = await startInProcessServer(systemClock, {
      MARKETS: 'BTC',
      LIQUIDITY_PROVIDER: 'false',
      OPTION_TRADING: 'false',
    });
  }, 180_000);

  afterAll(async () => {
    for (const close of closers) await close();
    await started?.stop();
  });

  const server = () => {
    if (!started) throw new Error('the stream server has not started');
    return started;
  };
  return {
    server,
    stream(path) {
      const opened = new DoorStream(server().url, path);
      closers.push(() => opened.close());
      return opened;
    },
    closing(exchange) {
      closers.push(() => exchange.close());
      return exchange;
    },
  };
}

/** A trader with 100,000 USDT in the contract account, for perpetual orders through the door. */
export async function perpetualTrader(server: InProcessServer): Promise<DoorTrader> {
  const trader = await doorTrader(server, { USDT: '100000' });
  const moved = await new ApiClient(server.url).post(
    '/wallet/transfer',
    { from: 'funding', to: 'contract', asset: 'USDT', amount: '100000' },
    { token: trader.token, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(moved.body.code).toBe(200);
  return trader;
}

/** A perpetual's mark, once recorded (once a second): a limit order's band is the mark's. */
export async function markOf(server: InProcessServer, symbol: string): Promise<string> {
  for (;;) {
    const markets = await new ApiClient(server.url).get<{ list: ContractMarket[] }>(
      '/contract/markets',
    );
    const found = markets.body.data.list.find((market) => market.symbol === symbol);
    if (found?.mark_price) return found.mark_price;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
