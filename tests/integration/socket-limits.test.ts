// What one client can make the market socket spend: a `sub` frame costs one snapshot per distinct
// channel however often it names one, one address holds a bounded number of sockets (the address
// the server resolves, so a forged X-Forwarded-For from an untrusted peer changes nothing), and a
// client's mistakes reach the log at debug or warn level, a few lines per connection at most.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { depthDataSchema } from '../../schemas/channel-data.ts';
import { errorCodes } from '../../schemas/errors.ts';
import { systemClock } from '../../server/clock.ts';
import { clientLogBurst } from '../../server/gateway/client-log.ts';
import { SocketGateway } from '../../server/gateway/socket-gateway.ts';
import { randomClientAddress } from '../support/api-client.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { type Frame, SocketClient } from '../support/socket-client.ts';

const perAddress = 3;

/** A raw socket from a given X-Forwarded-For address; resolves once open or closed. */
class AddressedSocket {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  /** The close code and reason, once the socket is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(url: string, address: string) {
    this.socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, {
      headers: { 'x-forwarded-for': address },
    });
    this.socket.on('error', () => {});
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    sockets.push(this);
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Still open after a round trip: a ping answered means the server kept the connection. */
  async stillOpen(): Promise<boolean> {
    if (!this.isOpen) return false;
    const answered = new Promise<boolean>((resolve) => {
      this.socket.once('pong', () => resolve(true));
      this.socket.once('close', () => resolve(false));
    });
    this.socket.ping();
    return answered;
  }
}

const sockets: AddressedSocket[] = [];

afterAll(() => {
  for (const socket of sockets) socket.socket.terminate();
  for (const client of SocketClient.open) client.close();
});

describe('behind a trusted proxy', () => {
  let server: InProcessServer;

  beforeAll(async () => {
    server = await startInProcessServer(systemClock, {
      TRUST_PROXY: 'loopback',
      WS_CONNECTIONS_PER_ADDRESS: String(perAddress),
    });
  });
  afterAll(() => server?.stop());

  const isSnapshot = (frame: Frame) =>
    frame.channel !== undefined &&
    frame.op === undefined &&
    depthDataSchema.safeParse(frame.data).data?.type === 'snapshot';

  it('answers a sub frame naming one depth channel 50 times with one snapshot', async () => {
    const client = await SocketClient.connect(server.url);
    client.send({ op: 'sub', channels: Array(50).fill('depth.BTCUSDT') });
    // Frames are handled in order: the refusal of the next frame comes after every snapshot the
    // first one earned.
    client.send({ op: 'sub', channels: ['weather.BTCUSDT'] });
    await client.until((frames) => frames.some((f) => f.op === 'error'), 'the marker refusal');
    const marker = client.frames.findIndex((frame) => frame.op === 'error');
    expect(client.frames[marker]).toMatchObject({
      code: errorCodes.channel_unknown,
      channel: 'weather.BTCUSDT',
    });
    expect(client.frames.slice(0, marker).filter(isSnapshot)).toHaveLength(1);

    // Distinct channels still each get theirs, and asking again still answers a fresh one.
    const from = client.frames.length;
    client.send({ op: 'sub', channels: ['depth.ETHUSDT', 'depth.BTCUSDT', 'depth.ETHUSDT'] });
    client.send({ op: 'sub', channels: ['weather.ETHUSDT'] });
    await client.until(
      (frames) => frames.slice(from).some((f) => f.op === 'error'),
      'the second marker',
    );
    const second = client.frames.slice(from);
    const snapshots = second
      .slice(
        0,
        second.findIndex((f) => f.op === 'error'),
      )
      .filter(isSnapshot);
    expect(snapshots.map((frame) => frame.channel).sort()).toEqual([
      'depth.BTCUSDT',
      'depth.ETHUSDT',
    ]);
  });

  it('unsubscribes a channel named twice in one frame once, without a refusal', async () => {
    const client = await SocketClient.connect(server.url);
    client.send({ op: 'sub', channels: ['ticker.BTCUSDT'] });
    client.send({ op: 'unsub', channels: ['ticker.BTCUSDT', 'ticker.BTCUSDT'] });
    client.send({ op: 'sub', channels: ['weather.BTCUSDT'] });
    await client.until((frames) => frames.some((f) => f.op === 'error'), 'the marker refusal');
    expect(client.errors().map((frame) => frame.channel)).toEqual(['weather.BTCUSDT']);
  });

  it(`holds ${perAddress} sockets per client address and refuses the next like a busy server`, async () => {
    const crowded = randomClientAddress();
    const first = Array.from(
      { length: perAddress },
      () => new AddressedSocket(server.url, crowded),
    );
    await Promise.all(first.map((socket) => socket.opened));

    const refused = new AddressedSocket(server.url, crowded);
    expect(await refused.closed).toEqual({
      code: 1013,
      reason: 'too many connections from this address',
    });

    // Another address is not affected, and the crowded one's sockets keep working.
    const other = new AddressedSocket(server.url, randomClientAddress());
    await other.opened;
    expect(await other.stillOpen()).toBe(true);
    for (const socket of first) expect(await socket.stillOpen()).toBe(true);

    // A socket that closes gives its place back.
    first[0]?.socket.close();
    await first[0]?.closed;
    const again = new AddressedSocket(server.url, crowded);
    await again.opened;
    expect(await again.stillOpen()).toBe(true);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const first = Array.from(
      { length: perAddress },
      (_, i) => new AddressedSocket(server.url, `${block}::${i + 1}`),
    );
    await Promise.all(first.map((socket) => socket.opened));
    const refused = new AddressedSocket(server.url, `${block}:ffff:ffff:ffff:ffff`);
    expect((await refused.closed).code).toBe(1013);
    const nextBlock = new AddressedSocket(server.url, `${block.slice(0, -1)}2::1`);
    await nextBlock.opened;
    expect(await nextBlock.stillOpen()).toBe(true);
  });
});

describe('without a trusted proxy', () => {
  let server: InProcessServer;

  beforeAll(async () => {
    server = await startInProcessServer(systemClock, {
      TRUST_PROXY: 'false',
      WS_CONNECTIONS_PER_ADDRESS: String(perAddress),
    });
  });
  afterAll(() => server?.stop());

  it('counts the peer address, whatever X-Forwarded-For claims', async () => {
    const forged = Array.from(
      { length: perAddress },
      () => new AddressedSocket(server.url, randomClientAddress()),
    );
    await Promise.all(forged.map((socket) => socket.opened));
    const refused = new AddressedSocket(server.url, randomClientAddress());
    expect((await refused.closed).code).toBe(1013);
  });
});

describe("a client's mistakes in the log", () => {
  interface LogLine {
    level: number;
    msg: string;
    suppressed?: number;
    refused?: string;
  }
  const levels = { debug: 20, warn: 40, error: 50 };
  const lines: LogLine[] = [];
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    app = Fastify({
      logger: {
        level: 'debug',
        stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
      },
    });
    // A clock that stands still: no log allowance comes back while the test runs.
    const gateway = new SocketGateway({
      publicStreams: [],
      privateStreams: [],
      scheduler: new FakeScheduler(),
      authenticate: async () => null,
      limits: { hardFrameBytes: 8192 },
      log: app.log,
    });
    await gateway.register(app);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  const clientLines = () => lines.filter((line) => line.msg.startsWith('socket client'));

  it('writes a few lines of a flood of refused frames, counts the rest, and none as an error', async () => {
    const client = await SocketClient.connect(url);
    const flood = 80;
    for (let i = 0; i < flood; i += 1) client.send({ op: 'sub', channels: [`weather.${i}`] });
    await client.closed;

    const logged = clientLines();
    const refusals = logged.filter((line) => line.refused !== undefined);
    expect(refusals).toHaveLength(clientLogBurst);
    expect(refusals.every((line) => line.level === levels.debug)).toBe(true);
    const closing = logged.filter((line) => line.level === levels.warn);
    expect(closing.map((line) => line.msg)).toEqual([
      'socket client: closed after too many refused frames',
    ]);
    // Every refusal is accounted for: written, or counted in a later line.
    const counted = logged.reduce((sum, line) => sum + (line.suppressed ?? 0), 0);
    expect(clientLogBurst + counted).toBeGreaterThan(50);
    expect(lines.filter((line) => line.level >= levels.error)).toEqual([]);
  });

  it('logs a frame past the hard limit at debug, not as an error', async () => {
    const before = lines.length;
    const client = await SocketClient.connect(url);
    client.send(JSON.stringify({ op: 'ping', pad: 'x'.repeat(10_000) }));
    await client.closed;
    const after = lines.slice(before);
    expect(after.filter((line) => line.msg === 'socket client: protocol error')).toEqual([
      expect.objectContaining({ level: levels.debug }),
    ]);
    expect(after.filter((line) => line.level >= levels.error)).toEqual([]);
  });
});
