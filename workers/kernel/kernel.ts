// The worker's kernel: every input goes into the event log and the fold; the UI gets the folded
// view at most once per frame. It owns the log, the socket, the API client, the session's
// credentials and the watchers, and knows no domain: domains and views are handed to it.
import type { z } from 'zod/mini';
import type { NewEvent } from '../../core/event-log.ts';
import { type FrameSchemas, frameEvent } from '../../core/frame-event.ts';
import {
  type ClientView,
  foldClientView,
  initialClientView,
} from '../../core/projections/client-view.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import type { FieldName } from '../../schemas/fields.ts';
import { intlLocale, type Language } from '../../schemas/languages.ts';
import { ApiClient, ApiError, type CallOptions } from './api-client.ts';
import { ChannelHolds } from './channel-holds.ts';
import type { Domain, DomainContext, SignedIn } from './context.ts';
import { createDebug, type DebugHandlers } from './debug.ts';
import {
  type DeferredDomain,
  DeferredDomains,
  type Installed,
  type LoadedDomain,
} from './deferred.ts';
import type { EventStore } from './event-store.ts';
import { IntentKeys, sendingOnce } from './intents.ts';
import { MarketSocket, type SocketFactory } from './market-socket.ts';
import type { Outcome } from './outcome.ts';
import type { ParamsOf, PayloadOf } from './view.ts';
import { type AnyView, Watchers } from './watchers.ts';

/** How many of the newest logged events a restarted worker folds to restore the screen. */
export const restoreLimit = 5000;

export interface WorkerCoreDeps {
  apiBase: string;
  socketUrl: string;
  fetch: typeof fetch;
  createSocket: SocketFactory;
  scheduler: Scheduler;
  store: EventStore;
  /** Runs a callback before the next frame is drawn (requestAnimationFrame where there is one). */
  requestFrame(run: () => void): void;
  /** Idempotency keys; random UUIDs unless a test needs them predictable. */
  newKey?: () => string;
}

/** What the worker tells the UI thread without being asked. */
export interface HostEvents {
  /** `field`: the request field a refusal is about; a form that shows that field says it there. */
  toast(message: string, field?: FieldName): void;
  /**
   * Code 999: `logout` clears the session and storage; `navigate` only goes to /login. `message`
   * is the server's, for the login page to show.
   */
  sessionExpired(how: 'logout' | 'navigate', message: string): void;
}

export interface KernelHandlers<V extends Record<string, AnyView>, D extends string = string>
  extends DebugHandlers {
  /** The UI thread owns localStorage; it hands the token and language over, and again on change. */
  setCredentials(credentials: { token: string | null; language: Language }): void;
  connectHost(host: HostEvents): void;
  /**
   * Calls back with the view now, then at most once per frame and only when it changed. Watching a
   * view holds its socket channels and loads what it shows; the last unwatch lets them go.
   */
  watch<K extends keyof V & string>(
    view: K,
    callback: (payload: PayloadOf<V[K]>) => void,
    params?: ParamsOf<V[K]>,
  ): number;
  unwatch(id: number): void;
  /** Starts loading a deferred domain that a page about to open will use. */
  prepare(domain: D): void;
}

export class Kernel<V extends Record<string, AnyView>> {
  readonly context: DomainContext;
  readonly handlers: KernelHandlers<V>;
  readonly #deps: WorkerCoreDeps;
  /** The domains loaded so far: the worker's own, then each deferred one as it loads. */
  readonly #domains: Domain<unknown>[];
  readonly #deferred: DeferredDomains;
  /** The loaded domains' frame schemas, by channel kind. */
  #frameSchemas: FrameSchemas;
  /** The token the socket was last given, null while signed out. */
  #authenticated: string | null = null;
  readonly #api: ApiClient;
  readonly #socket: MarketSocket;
  readonly #holds: ChannelHolds;
  readonly #watchers: Watchers;
  readonly #stopReplay: () => void;
  #credentials: { token: string | null; language: Language } = { token: null, language: 'en' };
  #host: HostEvents | undefined;
  #live: ClientView = initialClientView;
  /** A capture's view while one is replayed or scrubbed; the live one otherwise. */
  #shown: ClientView | undefined;

  constructor(
    deps: WorkerCoreDeps,
    views: V,
    domains: readonly Domain<unknown>[],
    deferred: Readonly<Record<string, DeferredDomain>> = {},
  ) {
    this.#deps = deps;
    this.#domains = [...domains];
    this.#frameSchemas = Object.assign({}, ...domains.map((domain) => domain.frames));
    this.#deferred = new DeferredDomains(deferred, (loaded) => this.#install(loaded));
    this.#api = new ApiClient({
      baseUrl: deps.apiBase,
      fetch: deps.fetch,
      scheduler: deps.scheduler,
      credentials: () => this.#credentials,
      toast: (message, field) => this.#host?.toast(message, field),
      sessionExpired: (how, message) => {
        this.#record({ source: 'api', type: 'session-expired', payload: null });
        this.#authenticate(null);
        this.#host?.sessionExpired(how, message);
      },
    });
    this.#socket = new MarketSocket({
      url: () => `${deps.socketUrl}?lang=${this.#credentials.language}`,
      createSocket: deps.createSocket,
      scheduler: deps.scheduler,
      onFrame: (frame) =>
        this.#record(
          frameEvent(frame, this.#frameSchemas) ?? {
            source: 'socket',
            type: 'problem',
            payload: { kind: 'schema', channel: frame.channel.slice(0, 40) },
          },
        ),
      onProblem: (problem) => this.#record({ source: 'socket', type: 'problem', payload: problem }),
      onOpenChange: (open) => {
        const reopened = open && !this.#live.connection.open && this.#live.seq > 0;
        this.#record({ source: 'socket', type: open ? 'open' : 'close', payload: null });
        // What private frames said while the socket was down is lost: load it again.
        if (reopened) this.#watchers.reload('reconnect');
      },
    });
    this.#holds = new ChannelHolds(this.#socket);
    this.context = {
      call: (endpoint, input, headers, options) => this.#call(endpoint, input, headers, options),
      record: (event) => this.#record(event),
      locale: () => intlLocale(this.#credentials.language),
      view: () => this.#live,
      loggedIn: () => this.#credentials.token !== null,
      sendOnce: sendingOnce(new IntentKeys(deps.newKey)),
      channels: this.#holds,
      signedIn: (session) => this.#signedIn(session),
      signedOut: () => {
        this.#credentials = { ...this.#credentials, token: null };
        this.#authenticate(null);
      },
    };
    this.#watchers = new Watchers({
      views,
      loadView: (name) => this.#loadView(name),
      requestFrame: deps.requestFrame,
      now: () => deps.scheduler.now(),
      locale: this.context.locale,
      shown: () => this.#shown ?? this.#live,
      channels: this.#holds,
      context: this.context,
    });
    const debug = createDebug({
      store: deps.store,
      scheduler: deps.scheduler,
      show: (view) => {
        this.#shown = view;
        this.#watchers.publish();
      },
    });
    this.#stopReplay = debug.stop;
    this.handlers = {
      ...debug.handlers,
      setCredentials: (credentials) => this.#setCredentials(credentials),
      connectHost: (host) => {
        this.#host = host;
      },
      watch: (view, callback, params) =>
        this.#watchers.watch(view, callback as (payload: unknown) => void, params),
      unwatch: (id) => this.#watchers.unwatch(id),
      prepare: (domain) => this.#deferred.prepare(domain),
    };
  }

  /** Stand-ins for the deferred domains' handlers: each loads its domain, then calls it. */
  get deferredHandlers(): Record<string, (...args: unknown[]) => Promise<unknown>> {
    return this.#deferred.handlers();
  }

  /**
   * Folds the newest part of the kept log before going live, so a reload (a language or theme
   * switch) comes back to the screen it left.
   */
  async restore(limit = restoreLimit): Promise<void> {
    for (const event of await this.#deps.store.recent(limit)) {
      this.#live = foldClientView(this.#live, event);
    }
    // The connection of the previous page is gone; this one starts closed.
    this.#live = { ...this.#live, connection: { ...this.#live.connection, open: false } };
    this.#watchers.publish();
  }

  start(): void {
    this.#socket.start();
  }

  stop(): void {
    this.#socket.stop();
    this.#stopReplay();
  }

  #setCredentials(credentials: { token: string | null; language: Language }): void {
    const languageChanged = credentials.language !== this.#credentials.language;
    const signedIn = credentials.token !== null && this.#credentials.token === null;
    this.#credentials = credentials;
    this.#authenticate(credentials.token);
    if (signedIn) this.#watchers.reload('signIn');
    // Formatted values depend on the language: every view is sent again.
    if (languageChanged) this.#watchers.resend();
    else this.#watchers.publish();
  }

  #signedIn(session: SignedIn): void {
    this.#credentials = { ...this.#credentials, token: session.token };
    this.#authenticate(session.token);
    this.#record({
      source: 'api',
      type: 'login',
      payload: { account: session.account, user_id: session.user_id },
    });
    this.#watchers.reload('signIn');
  }

  /** The token for the socket, and the private channels that follow it. */
  #authenticate(token: string | null): void {
    this.#authenticated = token;
    this.#socket.authenticate(token);
    this.#holdSessionChannels();
  }

  /** While signed in, the private channels every loaded domain asks for. */
  #holdSessionChannels(): void {
    const channels = this.#authenticated
      ? this.#domains.flatMap((domain) => domain.signedInChannels ?? [])
      : [];
    this.#holds.hold('session', channels);
  }

  /**
   * A deferred domain's view, once its domain has loaded; undefined when no domain has a view of
   * that name, or its domain could not be loaded (the watch then stays unsent).
   */
  #loadView(name: string): Promise<AnyView | undefined> | undefined {
    const owner = this.#deferred.ownerOfView(name);
    if (!owner) return undefined;
    return this.#deferred.load(owner).then(
      (installed) => installed.views[name],
      (error: unknown) => {
        console.warn(`the domain of the view ${name} could not be loaded`, error);
        return undefined;
      },
    );
  }

  /** A deferred domain, loaded: its frames are read, its views watched, its channels held. */
  #install({ domain, views }: LoadedDomain): Installed {
    this.#domains.push(domain);
    this.#frameSchemas = { ...this.#frameSchemas, ...domain.frames };
    const byName = views as Readonly<Record<string, AnyView>>;
    this.#watchers.addViews(byName);
    this.#holdSessionChannels();
    return { handlers: domain.handlers(this.context) as Record<string, unknown>, views: byName };
  }

  async #call<E extends Endpoint>(
    endpoint: E,
    input: z.input<E['request']>,
    headers?: Readonly<Record<string, string>>,
    options?: CallOptions,
  ): Promise<Outcome<z.output<E['response']>>> {
    const path = endpoint.path;
    try {
      const data = await this.#api.call(endpoint, input, headers, options);
      this.#record({ source: 'api', type: 'answer', payload: { path, ok: true } });
      return { ok: true, data };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const failure = error.failure;
      this.#record({
        source: 'api',
        type: 'answer',
        payload: { path, ok: false, failure: failure.kind },
      });
      return { ok: false, failure };
    }
  }

  #record(input: NewEvent): void {
    const event = this.#deps.store.append(input);
    const before = this.#live;
    this.#live = foldClientView(before, event);
    if (input.source === 'socket') {
      for (const domain of this.#domains) domain.react?.(before, this.#live, this.context);
    }
    if (this.#shown === undefined) this.#watchers.publish();
  }
}
