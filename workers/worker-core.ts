// The core the worker hosts: every input goes into the event log and the fold; the UI gets the
// folded view at most once per frame, prices formatted. Dependencies are injected for tests.
import type { z } from 'zod';
import { CaptureError, fromNdjson, type LoggedEvent, type NewEvent } from '../core/event-log.ts';
import { formatPrice } from '../core/price-format.ts';
import {
  type ClientView,
  foldClientView,
  initialClientView,
  viewAt,
} from '../core/projections/client-view.ts';
import { type ReplayControl, replay } from '../core/replay.ts';
import type { Scheduler } from '../core/scheduler.ts';
import {
  forgetPassword,
  login,
  logout,
  register,
  sendEmailCode,
} from '../schemas/api/account.schema.ts';
import { userInfo } from '../schemas/api/security.schema.ts';
import type { Endpoint } from '../schemas/endpoint.ts';
import { intlLocale, type Language } from '../schemas/languages.ts';
import { ApiClient, ApiError } from './api-client.ts';
import type { EventStore } from './event-store.ts';
import type {
  CoreFacade,
  HostEvents,
  MarketRow,
  Outcome,
  ScreenView,
  ViewName,
  ViewPayloads,
} from './facade.ts';
import { MarketSocket, type SocketFactory } from './market-socket.ts';

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
}

interface Watcher {
  view: ViewName;
  send(payload: unknown): void;
  /** The part of the fold last sent: an unchanged part (same object) is not sent again. */
  sent: unknown;
}

/** The part of the fold each view depends on; folds return the same object when nothing changed. */
const viewSources: { [K in ViewName]: (view: ClientView) => unknown } = {
  market: (view) => view.tickers,
  connection: (view) => view.connection,
  session: (view) => view.session,
  all: (view) => view,
};

const unsent = Symbol('unsent');

export class WorkerCore implements CoreFacade {
  readonly #deps: WorkerCoreDeps;
  readonly #api: ApiClient;
  readonly #socket: MarketSocket;
  #credentials: { token: string | null; language: Language } = { token: null, language: 'en' };
  #host: HostEvents | undefined;
  #live: ClientView = initialClientView;
  /** What the screen shows: the live fold, or a loaded capture being replayed or scrubbed. */
  #shown: ClientView | undefined;
  #capture: LoggedEvent[] = [];
  #replay: ReplayControl | undefined;
  readonly #watchers = new Map<number, Watcher>();
  #nextWatcher = 1;
  #frameRequested = false;

  constructor(deps: WorkerCoreDeps) {
    this.#deps = deps;
    this.#api = new ApiClient({
      baseUrl: deps.apiBase,
      fetch: deps.fetch,
      scheduler: deps.scheduler,
      credentials: () => this.#credentials,
      toast: (message) => this.#host?.toast(message),
      sessionExpired: (how) => {
        this.#record({ source: 'api', type: 'session-expired', payload: null });
        this.#socket.authenticate(null);
        this.#host?.sessionExpired(how);
      },
    });
    this.#socket = new MarketSocket({
      url: deps.socketUrl,
      createSocket: deps.createSocket,
      scheduler: deps.scheduler,
      onFrame: (frame) => this.#record({ source: 'socket', type: 'frame', payload: frame }),
      onProblem: (problem) => this.#record({ source: 'socket', type: 'problem', payload: problem }),
      onOpenChange: (open) =>
        this.#record({ source: 'socket', type: open ? 'open' : 'close', payload: null }),
    });
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
    this.#publish();
  }

  start(): void {
    this.#socket.start();
  }

  stop(): void {
    this.#socket.stop();
    this.#replay?.stop();
  }

  connectHost(host: HostEvents): void {
    this.#host = host;
  }

  setCredentials(credentials: { token: string | null; language: Language }): void {
    const languageChanged = credentials.language !== this.#credentials.language;
    this.#credentials = credentials;
    this.#socket.authenticate(credentials.token);
    // Formatted prices depend on the language: send every view again.
    if (languageChanged) for (const watcher of this.#watchers.values()) watcher.sent = unsent;
    this.#publish();
  }

  // Session calls. Intents are logged without their secrets: a capture never holds a password.

  sendEmailCode(email: string, scene: 'register' | 'forget') {
    this.#record({ source: 'intent', type: 'send-code', payload: { scene } });
    return this.#call(sendEmailCode, { email, scene });
  }

  async register(form: Parameters<CoreFacade['register']>[0]) {
    this.#record({ source: 'intent', type: 'register', payload: null });
    const outcome = await this.#call(register, form);
    if (outcome.ok) this.#loggedIn(outcome.data);
    return outcome;
  }

  async login(account: string, password: string) {
    this.#record({ source: 'intent', type: 'login-requested', payload: null });
    const outcome = await this.#call(login, { account, password });
    if (outcome.ok) this.#loggedIn(outcome.data);
    return outcome;
  }

  forget(form: Parameters<CoreFacade['forget']>[0]) {
    this.#record({ source: 'intent', type: 'forget', payload: null });
    return this.#call(forgetPassword, form);
  }

  async logout(): Promise<Outcome<null>> {
    const outcome = this.#credentials.token
      ? await this.#call(logout, {})
      : ({ ok: true, data: null } as const);
    this.#record({ source: 'intent', type: 'logout', payload: null });
    this.#credentials = { ...this.#credentials, token: null };
    this.#socket.authenticate(null);
    return outcome;
  }

  async userInfo() {
    const outcome = await this.#call(userInfo, {});
    if (outcome.ok) {
      const { account, user_id } = outcome.data;
      this.#record({ source: 'api', type: 'user', payload: { account, user_id } });
    }
    return outcome;
  }

  // Market.

  subscribe(channels: string[]): void {
    this.#socket.subscribe(channels);
  }

  unsubscribe(channels: string[]): void {
    this.#socket.unsubscribe(channels);
  }

  // Views.

  watch<K extends ViewName>(view: K, callback: (payload: ViewPayloads[K]) => void): number {
    const id = this.#nextWatcher++;
    const watcher: Watcher = { view, send: callback as (payload: unknown) => void, sent: unsent };
    this.#watchers.set(id, watcher);
    this.#send(watcher, this.#shown ?? this.#live);
    return id;
  }

  unwatch(id: number): void {
    this.#watchers.delete(id);
  }

  // Capture and replay.

  capture(): Promise<string> {
    return this.#deps.store.capture();
  }

  async loadCapture(ndjson: string) {
    try {
      this.#capture = fromNdjson(ndjson);
      return { ok: true as const, events: this.#capture.length };
    } catch (error) {
      if (error instanceof CaptureError) return { ok: false as const, line: error.line };
      throw error;
    }
  }

  replay(speed: number): void {
    this.#replay?.stop();
    this.#shown = initialClientView;
    this.#publish();
    this.#replay = replay(this.#capture, {
      speed,
      scheduler: this.#deps.scheduler,
      apply: (event) => {
        this.#shown = foldClientView(this.#shown ?? initialClientView, event);
        this.#publish();
      },
    });
  }

  scrub(seq: number): void {
    this.#replay?.stop();
    this.#shown = viewAt(this.#capture, seq);
    this.#publish();
  }

  live(): void {
    this.#replay?.stop();
    this.#shown = undefined;
    this.#publish();
  }

  // Internals.

  #loggedIn(session: { account: string; user_id: number; token: string }): void {
    this.#credentials = { ...this.#credentials, token: session.token };
    this.#socket.authenticate(session.token);
    this.#record({
      source: 'api',
      type: 'login',
      payload: { account: session.account, user_id: session.user_id },
    });
  }

  async #call<E extends Endpoint>(endpoint: E, input: z.input<E['request']>) {
    try {
      const data = await this.#api.call(endpoint, input);
      this.#record({ source: 'api', type: 'answer', payload: { path: endpoint.path, ok: true } });
      return { ok: true as const, data };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.#record({
        source: 'api',
        type: 'answer',
        payload: { path: endpoint.path, ok: false, failure: error.failure.kind },
      });
      return { ok: false as const, failure: error.failure };
    }
  }

  #record(input: NewEvent): void {
    const event = this.#deps.store.append(input);
    this.#live = foldClientView(this.#live, event);
    if (this.#shown === undefined) this.#publish();
  }

  /** Many events, one update per frame: the UI cannot draw faster than that anyway. */
  #publish(): void {
    if (this.#frameRequested || this.#watchers.size === 0) return;
    this.#frameRequested = true;
    this.#deps.requestFrame(() => {
      this.#frameRequested = false;
      const view = this.#shown ?? this.#live;
      for (const watcher of this.#watchers.values()) this.#send(watcher, view);
    });
  }

  #send(watcher: Watcher, view: ClientView): void {
    const source = viewSources[watcher.view](view);
    if (source === watcher.sent) return;
    watcher.sent = source;
    watcher.send(this.#payload(watcher.view, view));
  }

  #payload(name: ViewName, view: ClientView): ViewPayloads[ViewName] {
    if (name === 'connection') return view.connection;
    if (name === 'session') return view.session;
    if (name === 'all') return this.#screenView(view);
    const locale = intlLocale(this.#credentials.language);
    const rows: MarketRow[] = Object.entries(view.tickers).map(([symbol, ticker]) => [
      symbol,
      formatPrice(ticker.last, { locale }),
      formatPrice(ticker.high, { locale }),
      formatPrice(ticker.low, { locale }),
    ]);
    return { rows };
  }

  #screenView(view: ClientView): ScreenView {
    const locale = intlLocale(this.#credentials.language);
    const prices: Record<string, { last: string; high: string; low: string }> = {};
    for (const [symbol, ticker] of Object.entries(view.tickers)) {
      prices[symbol] = {
        last: formatPrice(ticker.last, { locale }),
        high: formatPrice(ticker.high, { locale }),
        low: formatPrice(ticker.low, { locale }),
      };
    }
    return { ...view, prices };
  }
}
