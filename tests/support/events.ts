// Events for tests of the folds: typed events numbered as the worker's log numbers them, socket
// frames made into events the way the worker does (checked by their channel's guard or schema), and
// one projection's fold over a list of events.
import type { LoggedEvent } from '../../core/event-log.ts';
import type { ClientEvent } from '../../core/events.ts';
import { frameEvent } from '../../core/frame-event.ts';
import { applyHandler, type Handlers } from '../../core/projections/fold.ts';
import { channelData } from '../../schemas/channel-data.ts';

let seq = 0;

/** A ticker frame's data as the server sends it, every field at `last`. */
export function tickerData(last: string) {
  return {
    last,
    change_pct: '0.00',
    high: last,
    low: last,
    volume: '1',
    quote_volume: last,
    index: last,
    stale: false,
    feed: 'simulated',
  };
}

/** Numbers an event, `at` a millisecond per event unless given. */
export function logged(event: ClientEvent, at?: number): LoggedEvent {
  seq += 1;
  return { ...event, seq, at: at ?? seq };
}

/** A socket frame as the worker logs it, or null when it is refused where it enters. */
export function frame(channel: string, data: unknown, frameSeq = seq + 1, ts = 0) {
  const event = frameEvent({ channel, seq: frameSeq, ts, data }, channelData);
  return event && logged(event);
}

/** A frame the test expects to be taken. */
export function takenFrame(channel: string, data: unknown, frameSeq?: number, ts?: number) {
  const event = frame(channel, data, frameSeq, ts);
  if (!event) throw new Error(`the ${channel} frame was refused`);
  return event;
}

/** One projection's state after the events. */
export function foldAll<S>(
  fold: { readonly initial: S; readonly on: Handlers<S> },
  events: readonly LoggedEvent[],
  from?: S,
): S {
  return events.reduce((state, event) => applyHandler(fold, state, event), from ?? fold.initial);
}
