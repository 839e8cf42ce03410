// What the kernel lends each domain: the one API client and log, the live fold, money-moving
// intents, the socket's subscriptions and the session. A domain's handlers, views and loaders are
// written against this, never against the kernel itself.
import type { z } from 'zod/mini';
import type { NewEvent } from '../../core/event-log.ts';
import type { FrameSchemas } from '../../core/frame-event.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import type { PrivateChannel } from '../../schemas/channels.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import type { CallOptions } from './api-client.ts';
import type { ChannelHolds } from './channel-holds.ts';
import type { SendOnce } from './intents.ts';
import type { Outcome } from './outcome.ts';

/** An API call; its outcome (logged as an `answer`) rather than an exception. */
export type CallApi = <E extends Endpoint>(
  endpoint: E,
  input: z.input<E['request']>,
  headers?: Readonly<Record<string, string>>,
  options?: CallOptions,
) => Promise<Outcome<z.output<E['response']>>>;

export interface SignedIn {
  token: string;
  account: string;
  user_id: number;
}

export interface DomainContext {
  call: CallApi;
  /** Logs an event and folds it into the live view. */
  record(event: NewEvent): void;
  /** The Intl locale of the user's language (`pl` for `bl`). */
  locale(): string;
  /** The live fold. */
  view(): ClientView;
  loggedIn(): boolean;
  sendOnce: SendOnce;
  /** The socket's subscriptions, held by name (a loaded list, a watched view). */
  channels: ChannelHolds;
  /** The session begins (login, registration) or ends (logout). */
  signedIn(session: SignedIn): void;
  signedOut(): void;
}

export type Reload = 'reconnect' | 'signIn';

/** A domain: its handler object, and what it asks of the kernel. */
export interface Domain<H> {
  handlers(context: DomainContext): H;
  /** Private channels held while a user is signed in (and the domain is loaded). */
  signedInChannels?: readonly PrivateChannel[];
  /**
   * The schemas its channels' frames are checked with, for the channels it reads that have no
   * hand-written guard (core/frame-guards.ts); a frame of a channel no loaded domain checks is
   * refused.
   */
  frames?: FrameSchemas;
  /** Reacts to a socket event's change of the fold (a depth gap asks for a snapshot). */
  react?(before: ClientView, after: ClientView, context: DomainContext): void;
}

export function defineDomain<H>(domain: Domain<H>): Domain<H> {
  return domain;
}
