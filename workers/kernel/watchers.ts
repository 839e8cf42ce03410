// The UI's watchers of views: each gets its view now, then at most once per frame (or its own
// interval) and only when the part of the fold it is drawn from changed. Watching holds the view's socket channels and
// loads what it shows; the last unwatch lets the channels go.
import * as Comlink from 'comlink';
import type { ClientView } from '../../core/projections/client-view.ts';
import type { ChannelHolds } from './channel-holds.ts';
import type { DomainContext, Reload } from './context.ts';
import { sameSource, type ViewDefinition } from './view.ts';

/** Any view, as the registry holds it; each is typed where it is defined. */
export type AnyView = ViewDefinition<unknown, unknown, unknown>;

interface Watcher {
  view: AnyView;
  params: unknown;
  send(payload: unknown): void;
  /** The source last sent, or `unsent`. */
  sent: unknown;
  /** When it was last sent (the scheduler's time), for a view sent at most every so often. */
  sentAt: number;
  memo: unknown;
}

const unsent = Symbol('unsent');

export interface WatchersDeps {
  /** The views of the worker's own domains. */
  views: Readonly<Record<string, AnyView>>;
  /**
   * A view of a domain not loaded yet: loads the domain (whose views are then added) and answers
   * the view, or undefined when no domain has one of this name or its domain could not be loaded.
   */
  loadView(name: string): Promise<AnyView | undefined> | undefined;
  /** Runs a callback before the next frame is drawn. */
  requestFrame(run: () => void): void;
  now(): number;
  locale(): string;
  /** What the screen shows: the live fold, or a capture being replayed. */
  shown(): ClientView;
  channels: ChannelHolds;
  context: DomainContext;
}

export class Watchers {
  readonly #deps: WatchersDeps;
  readonly #views: Map<string, AnyView>;
  readonly #watchers = new Map<number, Watcher>();
  /** Watches of a view whose domain is still loading, with their callbacks. */
  readonly #waiting = new Map<number, (payload: unknown) => void>();
  #next = 1;
  #frameRequested = false;

  constructor(deps: WatchersDeps) {
    this.#deps = deps;
    this.#views = new Map(Object.entries(deps.views));
  }

  /** A loaded domain's views. */
  addViews(views: Readonly<Record<string, AnyView>>): void {
    for (const [name, view] of Object.entries(views)) this.#views.set(name, view);
  }

  /**
   * Answers the watch's id at once; a view whose domain is still loading is first sent once it
   * has loaded, unless it was unwatched meanwhile.
   */
  watch(name: string, send: (payload: unknown) => void, params: unknown): number {
    const id = this.#next++;
    const view = this.#views.get(name);
    if (view) {
      this.#start(id, view, send, params);
      return id;
    }
    const loading = this.#deps.loadView(name);
    if (!loading) throw new Error(`no view named ${name}`);
    this.#waiting.set(id, send);
    void loading.then((loaded) => {
      if (!this.#waiting.delete(id)) return;
      if (loaded) this.#start(id, loaded, send, params);
      else release(send);
    });
    return id;
  }

  #start(id: number, view: AnyView, send: (payload: unknown) => void, params: unknown): void {
    const watcher: Watcher = {
      view,
      params,
      send,
      sent: unsent,
      sentAt: Number.NEGATIVE_INFINITY,
      memo: view.memo?.(),
    };
    this.#watchers.set(id, watcher);
    this.#deps.channels.hold(holder(id), view.channels?.(params) ?? []);
    view.load?.(params, this.#deps.context);
    this.#send(watcher, this.#deps.shown());
  }

  unwatch(id: number): void {
    const waiting = this.#waiting.get(id);
    if (waiting) {
      this.#waiting.delete(id);
      release(waiting);
    }
    const watcher = this.#watchers.get(id);
    this.#watchers.delete(id);
    if (!watcher) return;
    this.#deps.channels.release(holder(id));
    release(watcher.send);
  }

  /** Loads again what the watched views show that `trigger` may have made stale. */
  reload(trigger: Reload): void {
    // Two watchers of one view with the same parameters need one load.
    const loaded = new Map<AnyView, Set<string>>();
    for (const { view, params } of this.#watchers.values()) {
      if (!view.load || !view.reloadOn?.includes(trigger)) continue;
      const key = JSON.stringify(params ?? null);
      const done = loaded.get(view) ?? new Set<string>();
      if (done.has(key)) continue;
      loaded.set(view, done.add(key));
      view.load(params, this.#deps.context);
    }
  }

  /** Sends every view again (its formatting changed: a new language). */
  resend(): void {
    for (const watcher of this.#watchers.values()) watcher.sent = unsent;
    this.publish();
  }

  /** Many events, one update per frame: the UI cannot draw faster than that anyway. */
  publish(): void {
    if (this.#frameRequested || this.#watchers.size === 0) return;
    this.#frameRequested = true;
    this.#deps.requestFrame(() => {
      this.#frameRequested = false;
      const view = this.#deps.shown();
      let waiting = false;
      for (const watcher of this.#watchers.values()) {
        if (this.#send(watcher, view) === 'later') waiting = true;
      }
      // A view held back by its interval goes out on a later frame.
      if (waiting) this.publish();
    });
  }

  /** Sends what changed; `later` when it changed but its interval has not passed yet. */
  #send(watcher: Watcher, view: ClientView): 'sent' | 'same' | 'later' {
    const { view: definition, params } = watcher;
    const source = definition.source(view, params);
    if (sameSource(source, watcher.sent)) return 'same';
    const now = this.#deps.now();
    const first = watcher.sent === unsent;
    if (!first && definition.everyMs && now - watcher.sentAt < definition.everyMs) return 'later';
    watcher.sent = source;
    watcher.sentAt = now;
    const payload = definition.payload(view, params, this.#deps.locale(), watcher.memo);
    watcher.send(definition.transfer ? definition.transfer(payload) : payload);
    return 'sent';
  }
}

const holder = (id: number) => `view:${id}`;

/** A callback from the UI thread holds a message port until released. */
function release(send: (payload: unknown) => void): void {
  const releaseProxy = (send as unknown as Record<symbol, unknown>)[Comlink.releaseProxy];
  if (typeof releaseProxy === 'function') releaseProxy.call(send);
}
