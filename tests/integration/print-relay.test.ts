// The index prints between two nodes over NATS (skipped with a message when no server answers):
// the recording node's rounds reach the other node's `RelayedPrints` with the same bigint prices,
// sources and stale flag, in order, through JSON on the wire; a node of another cluster on the
// same NATS server hears none of them.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../server/bus/bus.ts';
import { scopedBus } from '../../server/bus/cluster-scope.ts';
import { NatsBus } from '../../server/bus/nats-bus.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import type { RecordedPrint } from '../../server/market/index-prints.ts';
import { publishPrints, RelayedPrints } from '../../server/market/print-relay.ts';
import { eventually } from '../support/eventually.ts';
import { natsAnswers, testNatsUrl, uniquePrefix } from '../support/nats.ts';
import { RecordedRounds } from '../support/recorded-prints.ts';

const natsUrl = await natsAnswers();
const silent = { warn: () => undefined };
const start = Date.UTC(2026, 0, 1);

describe.skipIf(!natsUrl)(
  natsUrl
    ? 'the index prints over NATS'
    : `the index prints over NATS (skipped: no server answers at ${testNatsUrl})`,
  () => {
    const opened: NatsBus[] = [];
    const open = async (scope: string): Promise<Bus> => {
      if (!natsUrl) throw new Error('no NATS server');
      const bus = await NatsBus.connect({ url: natsUrl, name: 'print-relay-test', log: silent });
      opened.push(bus);
      return scopedBus(bus, scope);
    };
    let db: Db;
    let closeDb: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
      db = database.db;
      closeDb = () => database.close();
    }, 120_000);
    afterAll(() => closeDb?.());
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });

    it('bring every round from one node to another, prices exact and in order', async () => {
      const scope = uniquePrefix();
      const recording = await open(scope);
      const following = await open(scope);
      const stranger = await open(uniquePrefix());
      const recorder = new RecordedRounds();
      const stopPublishing = publishPrints(recording, recorder, silent);
      const relayed = new RelayedPrints({ bus: following, log: silent });
      const unrelated = new RelayedPrints({ bus: stranger, log: silent });
      await relayed.start(db);
      await unrelated.start(db);
      const heard: (readonly RecordedPrint[])[] = [];
      const strangerHeard: unknown[] = [];
      relayed.onRecorded((round) => heard.push(round));
      unrelated.onRecorded((round) => strangerHeard.push(round));
      // The subscriptions have reached the server once a round trip has.
      await following.health();
      await stranger.health();

      const prices = fc.sample(fc.bigInt({ min: 0n, max: 10n ** 30n }), 200);
      const rounds = prices.map((price, at) => [
        {
          symbol: 'BTCUSDT',
          ts: start + at * 1000,
          price,
          sources: at % 3 === 0 ? [] : ['simulated', 'binance'],
          stale: at % 3 === 0,
        },
        {
          symbol: 'ETHUSDT',
          ts: start + at * 1000,
          price: 10n ** 30n - price,
          sources: ['simulated'],
          stale: false,
        },
      ]);
      for (const round of rounds) recorder.record(round);
      await eventually(() => expect(heard).toHaveLength(rounds.length));
      expect(heard).toEqual(rounds);
      expect(relayed.latestRound()).toEqual(rounds.at(-1));
      stopPublishing();
      relayed.stop();
      unrelated.stop();
      expect(strangerHeard).toEqual([]);
    });
  },
);
