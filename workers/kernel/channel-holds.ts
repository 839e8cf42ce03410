// The one owner of the socket's subscriptions: each holder (a watched view, a loaded market list,
// the session) says which channels it needs; a channel is subscribed while anyone holds it and
// unsubscribed when the last holder lets go.
export interface Subscriber {
  subscribe(channels: string[]): void;
  unsubscribe(channels: string[]): void;
  /** Subscribes again to channels already held: the server answers with a fresh snapshot. */
  refresh(channels: string[]): void;
}

export class ChannelHolds {
  readonly #socket: Subscriber;
  /** Each holder's channels. */
  readonly #held = new Map<string, ReadonlySet<string>>();
  /** How many holders hold each channel. */
  readonly #counts = new Map<string, number>();

  constructor(socket: Subscriber) {
    this.#socket = socket;
  }

  /** Sets what `holder` holds: channels it names anew are taken, those it no longer names let go. */
  hold(holder: string, channels: readonly string[]): void {
    const before = this.#held.get(holder) ?? new Set<string>();
    const after = new Set(channels);
    if (after.size === 0) this.#held.delete(holder);
    else this.#held.set(holder, after);
    const taken = [...after].filter((channel) => !before.has(channel) && this.#add(channel, 1));
    const dropped = [...before].filter((channel) => !after.has(channel) && this.#add(channel, -1));
    if (taken.length > 0) this.#socket.subscribe(taken);
    if (dropped.length > 0) this.#socket.unsubscribe(dropped);
  }

  release(holder: string): void {
    this.hold(holder, []);
  }

  /** Asks for a fresh snapshot of channels someone holds. */
  refresh(channels: readonly string[]): void {
    this.#socket.refresh(channels.filter((channel) => this.#counts.has(channel)));
  }

  /** Counts a holder in or out; true when the channel was first taken or last let go. */
  #add(channel: string, delta: 1 | -1): boolean {
    const count = (this.#counts.get(channel) ?? 0) + delta;
    if (count > 0) this.#counts.set(channel, count);
    else this.#counts.delete(channel);
    return delta === 1 ? count === 1 : count === 0;
  }
}
