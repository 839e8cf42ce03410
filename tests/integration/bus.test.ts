// The bus's contract, held by both implementations alike: the in-process bus always, NATS where a
// server answers (skipped with a message otherwise). Engines and gateways rely on exactly this:
// every subscriber hears every message of its subjects in order, wildcards as NATS has them, one
// server answers each request, and a refusal crosses nodes as the same refusal.
import { connect } from 'nats';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Bus, BusFailure, BusNoServer, BusTimeout } from '../../server/bus/bus.ts';
import { ask, listen, serveParsed } from '../../server/bus/bus-messages.ts';
import { scopedBus } from '../../server/bus/cluster-scope.ts';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { NatsBus } from '../../server/bus/nats-bus.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { eventually } from '../support/eventually.ts';
import { natsAnswers, testNatsUrl, uniquePrefix } from '../support/nats.ts';

const natsUrl = await natsAnswers();
const silent = { warn: () => undefined };

const implementations: [string, (() => Promise<Bus>) | undefined][] = [
  ['in-process', async () => new LocalBus()],
  [
    natsUrl ? 'NATS' : `NATS (skipped: no server answers at ${testNatsUrl})`,
    natsUrl ? () => NatsBus.connect({ url: natsUrl, name: 'bus-test', log: silent }) : undefined,
  ],
];

for (const [name, open] of implementations) {
  describe.skipIf(!open)(`the ${name} bus`, () => {
    const opened: Bus[] = [];
    /** Two handles on one bus: two nodes on NATS, the same process in-process. */
    const pair = async (): Promise<[Bus, Bus]> => {
      if (!open) throw new Error('no bus');
      const a = await open();
      opened.push(a);
      if (a.kind === 'local') return [a, a];
      const b = await open();
      opened.push(b);
      return [a, b];
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });

    it('delivers every message of a subject, in order, to every subscriber', async () => {
      const [a, b] = await pair();
      const subject = `${uniquePrefix()}.depth.BTCUSDT`;
      const first: unknown[] = [];
      const second: unknown[] = [];
      a.subscribe(subject, (message) => first.push(message));
      b.subscribe(subject, (message) => second.push(message));
      await settle(a, b);
      const sent = Array.from({ length: 200 }, (_, seq) => ({ seq, asks: [['1.5', '2']] }));
      for (const message of sent) b.publish(subject, message);
      await eventually(() => {
        expect(first).toEqual(sent);
        expect(second).toEqual(sent);
      });
    });

    it('matches wildcards as NATS does', async () => {
      const [a, b] = await pair();
      const prefix = uniquePrefix();
      const heard: string[] = [];
      a.subscribe(`${prefix}.md.*.BTCUSDT`, (_, subject) => heard.push(`one:${subject}`));
      a.subscribe(`${prefix}.md.>`, (_, subject) => heard.push(`rest:${subject}`));
      await settle(a, b);
      for (const subject of ['md.depth.BTCUSDT', 'md.trades.ETHUSDT', 'md', 'md.a.b.c']) {
        b.publish(`${prefix}.${subject}`, 1);
      }
      await eventually(() =>
        expect(heard.sort()).toEqual(
          [
            `one:${prefix}.md.depth.BTCUSDT`,
            `rest:${prefix}.md.depth.BTCUSDT`,
            `rest:${prefix}.md.trades.ETHUSDT`,
            `rest:${prefix}.md.a.b.c`,
          ].sort(),
        ),
      );
    });

    it('stops delivering after an unsubscribe', async () => {
      const [a, b] = await pair();
      const subject = `${uniquePrefix()}.ticker`;
      const heard: unknown[] = [];
      const stop = a.subscribe(subject, (message) => heard.push(message));
      const fence: unknown[] = [];
      a.subscribe(`${subject}.fence`, (message) => fence.push(message));
      await settle(a, b);
      b.publish(subject, 'before');
      await eventually(() => expect(heard).toEqual(['before']));
      stop();
      await settle(a, b);
      b.publish(subject, 'after');
      b.publish(`${subject}.fence`, 'done');
      // The fence was published after, on the same connection: once it is heard, so would be the other.
      await eventually(() => expect(fence).toEqual(['done']));
      expect(heard).toEqual(['before']);
    });

    it('answers a request from another node, with one server of several answering each', async () => {
      const [a, b] = await pair();
      const subject = `${uniquePrefix()}.cmd.spot.BTCUSDT`;
      const served: string[] = [];
      a.serve(subject, async (message) => {
        served.push('first');
        return { placed: message };
      });
      b.serve(subject, async (message) => {
        served.push('second');
        return { placed: message };
      });
      await settle(a, b);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => b.request(subject, { order: i }, 10_000)),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => ({ placed: { order: i } })));
      expect(served).toHaveLength(20);
    });

    it('passes a business refusal back as the same refusal, and a failure as a failure', async () => {
      const [a, b] = await pair();
      const prefix = uniquePrefix();
      a.serve(`${prefix}.refuse`, async () => {
        throw new BusinessError('balance_insufficient', { amount: '5' });
      });
      a.serve(`${prefix}.fail`, async () => {
        throw new Error('disk on fire');
      });
      await settle(a, b);
      const refused = await b.request(`${prefix}.refuse`, {}, 10_000).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BusinessError);
      expect(refused).toMatchObject({ errorName: 'balance_insufficient', params: { amount: '5' } });
      const failed = await b.request(`${prefix}.fail`, {}, 10_000).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(BusFailure);
      expect((failed as Error).message).toContain('disk on fire');
    });

    it('says at once when nothing serves a subject, and when the server is too slow', async () => {
      const [a, b] = await pair();
      const prefix = uniquePrefix();
      await expect(b.request(`${prefix}.nobody`, {}, 30_000)).rejects.toBeInstanceOf(BusNoServer);
      let release: () => void = () => undefined;
      a.serve(`${prefix}.slow`, () => new Promise((resolve) => (release = () => resolve('late'))));
      await settle(a, b);
      await expect(b.request(`${prefix}.slow`, {}, 200)).rejects.toBeInstanceOf(BusTimeout);
      release();
    });

    it("keeps each cluster's subjects to itself, and shows subscribers the subjects they asked for", async () => {
      const [a, b] = await pair();
      const prefix = uniquePrefix();
      const ours = [scopedBus(a, `${prefix}one`), scopedBus(b, `${prefix}one`)] as const;
      const theirs = scopedBus(b, `${prefix}two`);
      const heard: [string, unknown][] = [];
      const overheard: unknown[] = [];
      ours[0].subscribe('pub.frame.>', (message, subject) => heard.push([subject, message]));
      theirs.subscribe('pub.frame.>', (message) => overheard.push(message));
      ours[0].serve('engine.http', async () => 'ours');
      await settle(a, b);
      ours[1].publish('pub.frame.depth.BTCUSDT', 1);
      await eventually(() => expect(heard).toEqual([['pub.frame.depth.BTCUSDT', 1]]));
      expect(await ours[1].request('engine.http', {}, 10_000)).toBe('ours');
      await expect(theirs.request('engine.http', {}, 10_000)).rejects.toBeInstanceOf(BusNoServer);
      expect(overheard).toEqual([]);
    });

    it('hands a listener only the messages its schema accepts, and the next one after a bad one', async () => {
      const [a, b] = await pair();
      const subject = `${uniquePrefix()}.interest`;
      const warned: string[] = [];
      const heard: { node: string }[] = [];
      listen(a, subject, z.object({ node: z.string() }), { warn: (_, m) => warned.push(m) }, (m) =>
        heard.push(m),
      );
      await settle(a, b);
      for (const message of [{ node: 'a' }, { node: 7 }, 'garbage', null, [], { node: 'b' }]) {
        b.publish(subject, message);
      }
      await eventually(() => expect(heard).toEqual([{ node: 'a' }, { node: 'b' }]));
      expect(warned).toEqual(Array(4).fill('malformed bus message dropped'));
    });

    it('refuses a request its schema does not accept, and rejects an answer that fails its own', async () => {
      const [a, b] = await pair();
      const prefix = uniquePrefix();
      const served: string[] = [];
      serveParsed(a, `${prefix}.greet`, z.object({ channel: z.string() }), silent, async (m) => {
        served.push(m.channel);
        return { frame: m.channel === 'odd' ? 5 : m.channel };
      });
      await settle(a, b);
      const answer = z.object({ frame: z.string() });
      const refused = ask(b, `${prefix}.greet`, { channel: 1 }, answer, 10_000);
      await expect(refused).rejects.toBeInstanceOf(BusFailure);
      await expect(ask(b, `${prefix}.greet`, { channel: 'odd' }, answer, 10_000)).rejects.toThrow(
        /malformed answer/,
      );
      expect(await ask(b, `${prefix}.greet`, { channel: 'depth' }, answer, 10_000)).toEqual({
        frame: 'depth',
      });
      expect(served).toEqual(['odd', 'depth']);
    });

    it('reports its health, and is closed after close', async () => {
      const [a] = await pair();
      expect(await a.health()).toMatchObject({ kind: a.kind, connected: true });
      await a.close();
      expect((await a.health()).connected).toBe(false);
    });
  });
}

describe.skipIf(!natsUrl)('the NATS bus, among clients that are not nodes', () => {
  it('answers a request that is not JSON with a failure, and reads a reply that is not one as a failure', async () => {
    if (!natsUrl) return;
    const bus = await NatsBus.connect({ url: natsUrl, name: 'bus-test', log: silent });
    const stranger = await connect({ servers: natsUrl });
    try {
      const prefix = uniquePrefix();
      bus.serve(`${prefix}.engine`, async () => 'served');
      stranger.subscribe(`${prefix}.stray`, {
        callback: (_, m) => m.respond(new Uint8Array([1, 2])),
      });
      await stranger.flush();
      await bus.health();
      const answer = await stranger.request(`${prefix}.engine`, new TextEncoder().encode('{oops'));
      expect(JSON.parse(new TextDecoder().decode(answer.data))).toEqual({
        failed: 'malformed request: not JSON',
      });
      await expect(bus.request(`${prefix}.stray`, {}, 10_000)).rejects.toBeInstanceOf(BusFailure);
      expect(await bus.request(`${prefix}.engine`, {}, 10_000)).toBe('served');
    } finally {
      await stranger.close();
      await bus.close();
    }
  });
});

/**
 * Until both handles' subscriptions have reached the broker: a request's round trip from each
 * passes through the broker after every subscription sent before it.
 */
async function settle(a: Bus, b: Bus): Promise<void> {
  await a.health();
  await b.health();
}
