// A public channel relayed from the engines' node: whenever a client joins on another node, among
// frames arriving and being handed on, it gets its greeting and then every frame after it once, in
// order, and the frames of one arrival are written to each client together.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LocalBus } from '../../server/bus/local-bus.ts';
import { PublicRelay } from '../../server/bus/public-relay.ts';
import { ChannelHub, encodeFrame } from '../../server/gateway/channel-hub.ts';
import type { Connection } from '../../server/gateway/connection.ts';
import type { PublicStream } from '../../server/gateway/streams.ts';

const channel = 'depth.BTCUSDT';
const silent = { warn: () => undefined };
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The engines' node's stream: its greeting is a snapshot at the channel's current number. */
const stream: PublicStream = {
  serves: (name) => name === channel,
  greeting: (name, now, hub) => encodeFrame(name, hub.seqOf(name), now, { type: 'snapshot' }),
  start: () => () => undefined,
};

function cluster() {
  const bus = new LocalBus();
  const ownerHub = new ChannelHub();
  const relayHub = new ChannelHub();
  const node = (nodeId: string, owner: boolean) =>
    new PublicRelay({
      bus,
      nodeId,
      streams: [stream],
      leaseOf: () => 'engines',
      held: () => (owner ? ['engines'] : []),
      now: () => 0,
      log: silent,
    });
  const owner = node('a', true);
  const relay = node('b', false);
  owner.start(ownerHub);
  const bursts: number[] = [];
  relay.start(relayHub, (deliver) => {
    bursts.push(0);
    deliver();
  });
  return {
    owner,
    relay,
    ownerHub,
    bursts,
    stop: () => {
      owner.stop();
      relay.stop();
    },
  };
}

/** A client on the relaying node: the sequence numbers of what it received. */
function client() {
  const seqs: number[] = [];
  const connection = {
    channels: new Set([channel]),
    deliver: (frame: Buffer) => seqs.push(JSON.parse(frame.toString()).seq as number),
  } as unknown as Connection;
  return { connection, seqs };
}

describe('the public relay', () => {
  it("asks a joining client's greeting again while the channel's lease is on its way to a node", async () => {
    const bus = new LocalBus();
    let arrived = false;
    const relayNode = (nodeId: string, held: () => string[]) =>
      new PublicRelay({
        bus,
        nodeId,
        streams: [stream],
        leaseOf: () => 'engines',
        held,
        now: () => 0,
        log: silent,
      });
    const owner = relayNode('a', () => (arrived ? ['engines'] : []));
    const relay = relayNode('b', () => []);
    owner.start(new ChannelHub());
    relay.start(new ChannelHub());
    try {
      const joining = client();
      relay.join(joining.connection, channel);
      // Nobody serves the lease yet: the first ask is refused at once.
      await nextTurn();
      expect(joining.seqs).toEqual([]);
      arrived = true;
      // The owner serves it from its next sync, and the greeting comes on a later ask.
      await vi.waitFor(() => expect(joining.seqs).toEqual([0]), { timeout: 15_000, interval: 50 });
    } finally {
      owner.stop();
      relay.stop();
    }
  });

  it('gives every client joining at any moment its greeting, then each later frame once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('publish', 'join', 'turn', 'micro'), { maxLength: 60 }),
        async (steps) => {
          const { relay, ownerHub, stop } = cluster();
          // The first client makes the channel wanted: the engines' node publishes it from then on.
          const clients = [client()];
          relay.join(clients[0]?.connection as Connection, channel);
          await nextTurn();
          let published = 0;
          for (const step of steps) {
            if (step === 'publish') ownerHub.publish(channel, { n: ++published }, 0);
            else if (step === 'join') {
              const joining = client();
              clients.push(joining);
              relay.join(joining.connection, channel);
            } else if (step === 'turn') await nextTurn();
            else await Promise.resolve();
          }
          for (let i = 0; i < 5; i++) await nextTurn();
          const last = ownerHub.seqOf(channel);
          for (const { seqs } of clients) {
            const [greeting = -1, ...after] = seqs;
            expect(after).toEqual(
              Array.from({ length: last - greeting }, (_, i) => greeting + 1 + i),
            );
          }
          stop();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes the frames that arrived together in one burst to each client', async () => {
    const { relay, ownerHub, bursts, stop } = cluster();
    const { connection, seqs } = client();
    relay.join(connection, channel);
    for (let i = 0; i < 5; i++) await nextTurn();
    bursts.length = 0;
    for (let i = 0; i < 24; i++) ownerHub.publish(channel, { n: i }, 0);
    await nextTurn();
    expect(bursts).toHaveLength(1);
    expect(seqs.slice(1)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    stop();
  });

  it('takes each channel from the node holding its lease, and follows a lease that moves', async () => {
    const bus = new LocalBus();
    const channels = { one: 'depth.ONEUSDT', two: 'depth.TWOUSDT' };
    const twoStream: PublicStream = {
      serves: (name) => name === channels.one || name === channels.two,
      greeting: (name, now, hub) => encodeFrame(name, hub.seqOf(name), now, { type: 'snapshot' }),
      start: () => () => undefined,
    };
    const held = { a: ['lease-one'], b: ['lease-two'] };
    const node = (nodeId: 'a' | 'b', hub: ChannelHub) => {
      const relay = new PublicRelay({
        bus,
        nodeId,
        streams: [twoStream],
        leaseOf: (name) => (name === channels.one ? 'lease-one' : 'lease-two'),
        held: () => held[nodeId],
        now: () => 0,
        log: silent,
      });
      relay.start(hub);
      return relay;
    };
    const [hubA, hubB] = [new ChannelHub(), new ChannelHub()];
    const [a, b] = [node('a', hubA), node('b', hubB)];
    expect([a.relays(channels.one), a.relays(channels.two)]).toEqual([false, true]);
    expect([b.relays(channels.one), b.relays(channels.two)]).toEqual([true, false]);

    // A client on B of A's channel: greeted by A, then A's frames.
    const onB = client();
    onB.connection.channels.add(channels.one);
    const received = (seqs: number[], from: number) => seqs.filter((seq) => seq >= from);
    const eventually = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    b.join(onB.connection, channels.one);
    await eventually(() => onB.seqs.length === 1);
    hubA.publish(channels.one, { n: 1 }, 0);
    await eventually(() => onB.seqs.length === 2);

    // A client on A, subscribed while A held the lease: in A's hub directly.
    const onA = client();
    hubA.add(channels.one, onA.connection);
    hubA.publish(channels.one, { n: 2 }, 0);
    expect(onA.seqs).toEqual([2]);

    // The lease moves to B: B publishes the channel from its own hub, and A relays it from B.
    held.a = [];
    held.b = ['lease-one', 'lease-two'];
    await eventually(() => !b.relays(channels.one) && a.relays(channels.one));
    // A's wish for the channel reaches B at A's next announcement.
    await eventually(() => {
      hubB.publish(channels.one, { n: 3 }, 0);
      return received(onA.seqs, 1).length > 1;
    });
    expect(onA.seqs.length).toBeGreaterThan(1);
    // B no longer relays the channel: a client in its hub gets each of B's frames once, from B.
    const later = client();
    hubB.add(channels.one, later.connection);
    hubB.publish(channels.one, { n: 4 }, 0);
    await nextTurn();
    expect(later.seqs).toEqual([hubB.seqOf(channels.one)]);
    a.stop();
    b.stop();
  }, 30_000);
});
