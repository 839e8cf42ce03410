// One client on the market socket: reads its frames within the limits, keeps its subscriptions,
// and sends it data until it stops answering or cannot keep up.
import type { WebSocket } from 'ws';
import { channelSchema, isPrivateChannel } from '../../schemas/channels.ts';
import type { ErrorName } from '../../schemas/errors.ts';
import { errorCodes } from '../../schemas/errors.ts';
import type { Language } from '../../schemas/languages.ts';
import { localize, type MessageParams } from '../../schemas/messages/index.ts';
import { type ClientFrame, clientFrameSchema } from '../../schemas/socket.schema.ts';
import { fieldOf } from '../db/field-of.ts';
import type { Peer } from './channel-hub.ts';
import type { ClientLog } from './client-log.ts';
import type { GatewayLimits } from './limits.ts';
import { TokenBucket } from './token-bucket.ts';

/** What a connection asks of the gateway. */
export interface ConnectionHost {
  limits: GatewayLimits;
  now(): number;
  /** Whether a channel names a listed market (or is a private channel). */
  knows(channel: string): boolean;
  subscribe(connection: Connection, channel: string): void;
  unsubscribe(connection: Connection, channel: string): void;
  /** Resolves a bearer token to a user id, or null. */
  authenticate(token: string): Promise<number | null>;
  /** The digest a revocation names the token's session by; null where none are heard. */
  tokenHash(token: string): string | null;
  closed(connection: Connection): void;
}

export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** Who the client is and how to reach it: its language, address, TCP socket and log. */
export interface ConnectionOptions {
  language: Language;
  /**
   * What the per-address cap counts it under: its address (behind a trusted proxy, the forwarded
   * one), or an IPv6 address's /64.
   */
  address: string;
  /** The TCP socket under the WebSocket, corked while a tick's frames are written. */
  transport?: Corkable | undefined;
  log: ClientLog;
}

export class Connection implements Peer {
  readonly channels = new Set<string>();
  readonly address: string;
  userId: number | null = null;
  lastSeen: number;
  readonly #socket: WebSocket;
  readonly #host: ConnectionHost;
  readonly #language: Language;
  readonly #bucket: TokenBucket;
  /** Refusals allowed: a burst, refilled slowly; a client refused faster than that is closed. */
  readonly #refusals: TokenBucket;
  #closed = false;
  /** Set once the connection is being closed for abuse: it is closed (and logged) once. */
  #closing = false;
  /** Set while an `auth` frame is checked: later frames (a `sub` to `orders`) wait for it. */
  #pending: Promise<void> | null = null;
  /** The token the private channels were opened with, checked again on every heartbeat. */
  #token: string | null = null;
  /** Its digest, worked out once, for a revocation heard from any node to find this connection. */
  #tokenHash: string | null = null;

  readonly #transport: Corkable | undefined;
  /** The client's mistakes, at debug or warn level and rate limited: a client cannot flood the log. */
  readonly #log: ClientLog;

  constructor(socket: WebSocket, host: ConnectionHost, options: ConnectionOptions) {
    this.#socket = socket;
    this.#transport = options.transport;
    this.#host = host;
    this.#language = options.language;
    this.#log = options.log;
    this.address = options.address;
    this.lastSeen = host.now();
    this.#bucket = new TokenBucket(host.limits.messagesPerSecond, host.limits.burst, this.lastSeen);
    this.#refusals = new TokenBucket(1, host.limits.refusalsBeforeClose, this.lastSeen);
    // `ws` hands a Buffer with its default binary type; the other shapes are read as one too.
    socket.on('message', (data, isBinary) =>
      this.#receive(
        Buffer.isBuffer(data)
          ? data
          : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]),
        isBinary,
      ),
    );
    socket.on('close', () => this.#close());
    // A protocol error (a frame over the hard limit, bad UTF-8, a bad opcode) is the client's:
    // `ws` closes the socket after it.
    socket.on('error', (error: Error & { code?: string }) => {
      this.#log.debug({ err: error.message, code: error.code }, 'socket client: protocol error');
      this.#close();
    });
  }

  deliver(frame: Buffer): void {
    if (this.#closed) return;
    if (this.#socket.bufferedAmount > this.#host.limits.bufferedBytes) {
      // The peer reads slower than the market moves: drop it rather than buffer without bound.
      this.#log.debug(
        { buffered: this.#socket.bufferedAmount },
        'socket client: too slow, dropped',
      );
      this.drop();
      return;
    }
    this.#socket.send(frame, { binary: false });
  }

  /** Frames written until `uncork` leave in one write: one segment, not one per frame. */
  cork(): void {
    this.#transport?.cork();
  }

  uncork(): void {
    this.#transport?.uncork();
  }

  /** Sends the shared heartbeat frame, or drops a connection silent for too long. */
  heartbeat(now: number, pong: Buffer): void {
    if (now - this.lastSeen > this.#host.limits.idleMs) {
      this.#log.debug({ silentMs: now - this.lastSeen }, 'socket client: silent, dropped');
      this.drop();
      return;
    }
    this.deliver(pong);
  }

  /**
   * Checks the session behind the private channels again: one that was logged out, revoked by a
   * password change, or ran out ends them, and the client is told. A database error keeps them.
   */
  async recheckSession(): Promise<void> {
    const token = this.#token;
    if (token === null || this.#pending) return;
    const userId = await this.#host.authenticate(token).catch(() => this.userId);
    if (userId !== null || this.#token !== token || this.#closed) return;
    this.#endSession();
  }

  /** The digest of the session the private channels were opened with, if any. */
  get tokenHash(): string | null {
    return this.#tokenHash;
  }

  /** The session behind the private channels was revoked: they end now, and the client is told. */
  sessionRevoked(): void {
    if (this.#token === null || this.#closed) return;
    this.#endSession();
  }

  #endSession(): void {
    this.#token = null;
    this.#tokenHash = null;
    this.#becomeUser(null);
    this.deliver(Buffer.from(JSON.stringify(this.#errorFrame('session_expired'))));
  }

  drop(): void {
    this.#socket.terminate();
    this.#close();
  }

  #receive(data: Buffer, isBinary: boolean): void {
    const now = this.#host.now();
    this.lastSeen = now;
    const frame = this.#read(data, isBinary, now);
    if (!frame) return;
    // Frames are handled in order; after an `auth` frame the next ones wait for its check.
    const work = this.#pending
      ? this.#pending.then(() => (this.#closed ? undefined : this.#handle(frame)))
      : this.#handle(frame);
    if (!work) return;
    this.#pending = work;
    void work.then(() => {
      if (this.#pending === work) this.#pending = null;
    });
  }

  /** The frame, or null after refusing it. */
  #read(data: Buffer, isBinary: boolean, now: number): ClientFrame | null {
    if (!this.#bucket.take(now)) this.#refuse('too_many_messages');
    else if (data.length > this.#host.limits.frameBytes) this.#refuse('frame_too_large');
    else {
      let json: unknown;
      try {
        json = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        this.#refuse('frame_invalid');
        return null;
      }
      const parsed = clientFrameSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      this.#refuseShape(json);
    }
    return null;
  }

  /** Handles a frame; answers a promise when later frames must wait for it. */
  #handle(frame: ClientFrame): Promise<void> | undefined {
    switch (frame.op) {
      case 'ping':
        break;
      case 'sub':
        this.#subscribe(frame.channels);
        break;
      case 'unsub':
        for (const channel of new Set(frame.channels)) {
          if (this.channels.delete(channel)) this.#host.unsubscribe(this, channel);
        }
        break;
      case 'auth':
        return this.#host
          .authenticate(frame.token)
          .catch(() => null)
          .then((userId) => {
            this.#token = userId === null ? null : frame.token;
            this.#tokenHash = userId === null ? null : this.#host.tokenHash(frame.token);
            this.#becomeUser(userId);
            if (userId === null) this.#refuse('session_expired');
          });
    }
  }

  /** Private subscriptions follow the user: another user's token moves them, a bad one ends them. */
  #becomeUser(userId: number | null): void {
    if (userId === this.userId) return;
    const held = [...this.channels].filter(isPrivateChannel);
    for (const channel of held) this.#host.unsubscribe(this, channel);
    this.userId = userId;
    for (const channel of held) {
      if (userId === null) this.channels.delete(channel);
      else this.#host.subscribe(this, channel);
    }
  }

  /** Each channel once, however often the frame names it: one snapshot per channel, not per mention. */
  #subscribe(channels: readonly string[]): void {
    for (const channel of new Set(channels)) {
      if (!this.#host.knows(channel)) {
        this.#refuse('channel_unknown', { channel }, channel);
        continue;
      }
      if (isPrivateChannel(channel) && this.userId === null) {
        this.#refuse('session_expired', {}, channel);
        continue;
      }
      if (!this.channels.has(channel) && this.channels.size >= this.#host.limits.maxChannels) {
        this.#refuse('too_many_channels', { count: this.#host.limits.maxChannels }, channel);
        continue;
      }
      this.channels.add(channel);
      // Subscribing again is how a client asks for a fresh snapshot.
      this.#host.subscribe(this, channel);
    }
  }

  /** A well-formed JSON frame with a bad channel names the channel; anything else is invalid. */
  #refuseShape(json: unknown): void {
    const listed = fieldOf(json, 'channels');
    const channels: unknown[] = Array.isArray(listed) ? listed : [];
    const bad = channels.find((channel) => !channelSchema.safeParse(channel).success);
    if (typeof bad === 'string' && bad.length <= 64) {
      this.#refuse('channel_unknown', { channel: bad }, bad);
    } else {
      this.#refuse('frame_invalid');
    }
  }

  #refuse(name: ErrorName, params: MessageParams = {}, channel?: string): void {
    const tolerated = this.#refusals.take(this.#host.now());
    this.#log.debug(
      channel === undefined ? { refused: name } : { refused: name, channel },
      'socket client: frame refused',
    );
    this.deliver(Buffer.from(JSON.stringify(this.#errorFrame(name, params, channel))));
    if (!tolerated) this.#closeForAbuse();
  }

  #errorFrame(name: ErrorName, params: MessageParams = {}, channel?: string) {
    return {
      op: 'error',
      code: errorCodes[name],
      msg: localize(this.#language, name, params),
      ...(channel === undefined ? {} : { channel }),
    };
  }

  /**
   * Closes with a policy-violation code after the error frames already queued, so the client can
   * read why; a peer that does not complete the close is cut off a second later.
   */
  #closeForAbuse(): void {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    this.#log.warn({}, 'socket client: closed after too many refused frames');
    this.#socket.close(1008, 'too many refused messages');
    setTimeout(() => this.drop(), 1000).unref();
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#log.flush();
    this.#host.closed(this);
  }
}
