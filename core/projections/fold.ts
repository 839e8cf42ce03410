// A projection's fold, typed by the events it reads: a handler per event type, each given the
// event of exactly that type (no casts, no parsing: events were checked where they entered). The
// client view (client-view.ts) routes each event to the handlers of its type only.
import type { LoggedEvent, Stamp } from '../event-log.ts';
import type { EventOf, EventType } from '../events.ts';

export type Handler<S, T extends EventType> = (state: S, event: EventOf<T> & Stamp) => S;

export type Handlers<S> = { readonly [T in EventType]?: Handler<S, T> };

export interface Fold<S, Reads extends EventType = EventType> {
  readonly initial: S;
  readonly on: { readonly [T in Reads]: Handler<S, T> };
}

/** A fold from its first state and the handlers of the events it reads. */
export function defineFold<S, const H extends Handlers<S>>(
  initial: S,
  on: H,
): Fold<S, Extract<keyof H, EventType>> {
  return { initial, on: on as Fold<S, Extract<keyof H, EventType>>['on'] };
}

/** Folds one event with whichever handler its type has. */
export function applyHandler<S>(
  fold: { readonly on: Handlers<S> },
  state: S,
  event: LoggedEvent,
): S {
  const handler = fold.on[event.type] as Handler<S, EventType> | undefined;
  return handler ? handler(state, event as EventOf<EventType> & Stamp) : state;
}
