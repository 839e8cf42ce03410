// What tests/integration/spread-markets.test.ts needs of a cluster whose perpetual and spot
// markets are spread over its nodes: where the markets are (the operator's `cluster` leases), a
// socket following a book, and spot trading through the nodes: the markets' rules, prices a
// number of ticks from a reference, orders worth a given amount, users funded through the ledger,
// a resting sell taken by a buy through two nodes, and a small balance converted. Amounts are
// worked out in whole ticks and lots (bigint), never in floating point.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type {
  SmallBalancesConversion,
  SmallBalancesPreview,
} from '../../schemas/api/small-balances.schema.ts';
import type { SpotMarketRules, SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { Db } from '../../server/db/database.ts';
import { registerUser } from './accounts.ts';
import { ApiClient } from './api-client.ts';
import { foldDepth } from './depth-book.ts';
import { ok } from './expectations.ts';
import { creditUser } from './funds.ts';
import { callOperator } from './operator-api.ts';
import { SocketClient } from './socket-client.ts';

/** What a call needs of a node: where it answers, and where its outbox is (for registering). */
export interface Node {
  url: string;
  dataDir: string;
}

interface Lease {
  name: string;
  owner: string;
  held: boolean;
}

/** The markets' owners as the cluster shows them, symbol to node, for each kind; and the engines'. */
export async function placement(node: Node) {
  const cluster = await callOperator<{ leases: Lease[] }>(node, 'cluster', {});
  const held = cluster.body.data.leases.filter((lease) => lease.held);
  const of = (prefix: string) =>
    new Map(
      held
        .filter((lease) => lease.name.startsWith(prefix))
        .map((lease) => [lease.name.slice(prefix.length), lease.owner]),
    );
  const holders = (name: string) => held.filter((lease) => lease.name === name).length;
  return {
    perp: of('perp:'),
    spot: of('spot:'),
    engines: held.find((lease) => lease.name === 'engines')?.owner,
    holders,
  };
}
export type Placement = Awaited<ReturnType<typeof placement>>;

/** How many markets of both kinds `node` owns. */
export const holding = (found: Placement, node: string) =>
  [...found.perp.values(), ...found.spot.values()].filter((owner) => owner === node).length;

/**
 * A market among `owners` (symbol to node id) whose owner does not run the market data, and a
 * third node of `ids`, which runs neither: a socket there sees the market's book only as it
 * travels between the other two.
 */
export function watchable(
  ids: readonly string[],
  owners: ReadonlyMap<string, string>,
  engines: string | undefined,
) {
  for (const [symbol, owner] of owners) {
    const viewer = ids.find((id) => id !== owner && id !== engines);
    if (owner !== engines && viewer) return { symbol, owner, viewer };
  }
  throw new Error(`every market is on the market data's node: ${JSON.stringify([...owners])}`);
}

/** A socket on `node` subscribed to `channel`, once its first frame (the snapshot) came. */
export async function watch(node: Node, channel: string) {
  const socket = await SocketClient.connect(node.url);
  socket.subscribe([channel]);
  await socket.until(() => socket.on(channel).length > 0, `the snapshot of ${channel}`);
  const asks = () => foldDepth(socket.on(channel)).asks;
  /** Waits until the book shows an ask at `price`, or (`shown` false) none. */
  const ask = (price: string, shown = true) =>
    socket.until(
      () => asks().has(String(Number(price))) === shown,
      `${shown ? 'an' : 'no'} ask at ${price} in ${channel} on ${node.url}`,
    );
  return { socket, ask };
}

export type SpotUser = Awaited<ReturnType<typeof registerUser>>;

/** A decimal text as whole units of 10^-scale (extra decimals cut off). */
export function toUnits(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(`${whole}${fraction.padEnd(scale, '0').slice(0, scale)}`);
}

/** Whole units of 10^-scale as a decimal text. */
export function fromUnits(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const text = units.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

export async function spotRules(node: Node): Promise<SpotMarketRules[]> {
  return ok(await new ApiClient(node.url).get<{ list: SpotMarketRules[] }>('/spot/markets')).list;
}

/** A limit order's terms: `offset` ticks from `reference`, and the fewest lots worth `worth` USDT. */
export function spotTerms(rules: SpotMarketRules, reference: string, offset: number, worth = 20n) {
  const ticks = toUnits(reference, rules.price_scale) + BigInt(offset);
  const scaled = worth * 10n ** BigInt(rules.price_scale + rules.quantity_scale);
  const lots = (scaled + ticks - 1n) / ticks;
  return {
    price: fromUnits(ticks, rules.price_scale),
    quantity: fromUnits(lots, rules.quantity_scale),
    lots,
  };
}

/** Ten times what one order of `spotTerms` sells of each market's base, asset → amount. */
export function baseFunds(
  rules: readonly SpotMarketRules[],
  referenceOf: (symbol: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    rules.map((market) => {
      const { lots } = spotTerms(market, referenceOf(market.symbol), 0);
      return [market.base, fromUnits(lots * 10n, market.quantity_scale)];
    }),
  );
}

/** A registered user whose funding wallet holds `funds` (asset → amount), credited as deposits. */
export async function spotUser(node: Node, db: Db, funds: Record<string, string>) {
  const user = await registerUser(new ApiClient(node.url), node.dataDir);
  for (const [asset, amount] of Object.entries(funds)) {
    await creditUser(db, user.userId, asset, amount);
  }
  return user;
}

export function placeSpot(
  node: Node,
  user: SpotUser,
  order: { symbol: string; side: 'buy' | 'sell'; price: string; quantity: string },
) {
  return new ApiClient(node.url).post<SpotOrder>(
    '/spot/order',
    { ...order, type: 'limit' },
    { token: user.token, headers: { 'idempotency-key': randomUUID() } },
  );
}

/** A resting sell through `rest` and a buy through `take` that fills against it at its price. */
export async function crossSpot(
  through: { rest: Node; take: Node },
  users: { maker: SpotUser; taker: SpotUser },
  rules: SpotMarketRules,
  reference: string,
) {
  const { price, quantity } = spotTerms(rules, reference, 100);
  const order = { symbol: rules.symbol, price, quantity };
  const resting = ok(await placeSpot(through.rest, users.maker, { ...order, side: 'sell' }));
  expect(resting.status, `the resting sell in ${rules.symbol}`).toBe('open');
  const taking = ok(await placeSpot(through.take, users.taker, { ...order, side: 'buy' }));
  expect(taking.status, `the buy in ${rules.symbol}`).toBe('filled');
  return { resting, taking };
}

/** The user's spot orders in one of the three lists. */
export async function spotOrders(
  node: Node,
  user: SpotUser,
  status: 'current' | 'deal' | 'history',
): Promise<SpotOrder[]> {
  const answer = await new ApiClient(node.url).get<{ list: SpotOrder[] }>(
    '/spot/orders',
    { status, size: '50' },
    { token: user.token },
  );
  return ok(answer).list;
}

/**
 * A fresh user holding a few lots of the market's base (worth about 2 USDT at `bid`, far below the
 * 10 USDT a small balance is under: docs/wallet.md § "Small balances") converts it through `node`.
 * Answers the conversion and the user's finished spot orders.
 */
export async function convertDust(
  node: Node,
  db: Db,
  rules: SpotMarketRules,
  bid: string,
): Promise<{ conversion: SmallBalancesConversion; history: SpotOrder[] }> {
  const { quantity } = spotTerms(rules, bid, 0, 2n);
  const user = await spotUser(node, db, { [rules.base]: quantity });
  // The node prices the balance on its copy of the book, which hears of the bid over the bus: the
  // conversion is asked for once the node's own preview would sell it there.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const preview = ok(
      await new ApiClient(node.url).get<SmallBalancesPreview>(
        '/wallet/small-balances',
        {},
        {
          token: user.token,
        },
      ),
    );
    if (preview.list.some((line) => line.asset === rules.base)) break;
    if (Date.now() > deadline) throw new Error(`${node.url} never priced ${rules.base} on a bid`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answer = await new ApiClient(node.url).post<SmallBalancesConversion>(
    '/wallet/small-balances/convert',
    {},
    { token: user.token, headers: { 'idempotency-key': randomUUID() } },
  );
  return { conversion: ok(answer), history: await spotOrders(node, user, 'history') };
}
