// The events of the door's user data streams (docs/api-binance.md § "User data streams") as they
// cross the bus: a module that changes a user's orders or balances publishes Binance's event for
// them (`executionReport`, `ORDER_TRADE_UPDATE`, …) wherever its writer runs, and every node hands
// it to the streams of that user open on it. A module builds an event only for a user someone is
// watching: each node announces the users whose streams it holds, so no order of a user without a
// stream costs a bus message.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { StreamFamily } from './listen-keys.ts';

export const userEventSubject = 'door.user.events';
export const watchingSubject = 'door.user.watching';

/** How often a node repeats whom it watches, and how long an announcement holds without one. */
export const watchAnnounceMs = 10_000;
const watchHoldMs = 3 * watchAnnounceMs;

const family = z.enum(['api', 'fapi']);

export const doorUserEvent = z.object({
  userId: z.number().int().positive(),
  family,
  event: z.record(z.string(), z.unknown()),
});
export type DoorUserEvent = z.infer<typeof doorUserEvent>;

export const watchingAnnouncement = z.object({
  node: z.string().min(1),
  users: z.array(z.number().int().positive()).max(1_000_000),
});

/** What a module publishes its users' Binance events through (ModuleContext `doorEvents`). */
export interface DoorEvents {
  /** Whether a stream of `userId`'s is open on some node: otherwise build nothing. */
  watched(userId: number): boolean;
  publish(userId: number, family: StreamFamily, event: Record<string, unknown>): void;
}

/** The bus side of the events: what the nodes announce, heard and kept until it lapses. */
export class DoorEventBus implements DoorEvents {
  readonly #watching = new Map<string, { users: ReadonlySet<number>; until: number }>();
  #unlisten: (() => void) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly log: BusLog,
    private readonly now: () => number,
  ) {}

  start(): void {
    this.#unlisten = listen(this.bus, watchingSubject, watchingAnnouncement, this.log, (heard) => {
      this.#watching.set(heard.node, {
        users: new Set(heard.users),
        until: this.now() + watchHoldMs,
      });
    });
  }

  stop(): void {
    this.#unlisten?.();
  }

  watched(userId: number): boolean {
    const now = this.now();
    for (const [node, { users, until }] of this.#watching) {
      if (until <= now) this.#watching.delete(node);
      else if (users.has(userId)) return true;
    }
    return false;
  }

  publish(userId: number, streamFamily: StreamFamily, event: Record<string, unknown>): void {
    this.bus.publish(userEventSubject, {
      userId,
      family: streamFamily,
      event,
    } satisfies DoorUserEvent);
  }
}
