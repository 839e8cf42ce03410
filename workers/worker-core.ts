// The core the worker hosts: every input goes into the event log and the fold; the UI gets the
// folded view at most once per frame, prices formatted. Dependencies are injected for tests.
import * as Comlink from 'comlink';
import type { z } from 'zod';
import { CaptureError, fromNdjson, type LoggedEvent, type NewEvent } from '../core/event-log.ts';
import { seriesKey } from '../core/projections/candles.ts';
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
import type { KlinePeriod } from '../schemas/api/market.schema.ts';
import { userInfo } from '../schemas/api/security.schema.ts';
import type { Endpoint } from '../schemas/endpoint.ts';
import { intlLocale, type Language } from '../schemas/languages.ts';
import { AccountCalls } from './account-handlers.ts';
import type { AccountHandlers } from './account-types.ts';
import { ApiClient, ApiError } from './api-client.ts';
import { ChartColumns } from './chart-columns.ts';
import { ContentCalls } from './content-handlers.ts';
import type { DocumentKey } from './content-types.ts';
import type { EventStore } from './event-store.ts';
import type {
  ChartView,
  CoreFacade,
  HostEvents,
  MarketSection,
  Outcome,
  ViewName,
  ViewParams,
  ViewPayloads,
  WalletHandlers,
} from './facade.ts';
import { IdentityCalls } from './identity-handlers.ts';
import type { VerificationForm } from './identity-types.ts';
import { MarketCalls } from './market-calls.ts';
import { MarketSocket, type SocketFactory } from './market-socket.ts';
import { SpotCalls } from './spot-handlers.ts';
import type { SpotHandlers } from './spot-types.ts';
import {
  channelsOf,
  type Params,
  sameSource,
  transferred,
  unsent,
  viewPayload,
  viewSources,
} from './view-payloads.ts';
import { type CallApi, WalletCalls } from './wallet-handlers.ts';

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
  params: ViewParams[ViewName];
  send(payload: unknown): void;
  /** The part of the fold last sent: an unchanged part (same object) is not sent again. */
  sent: unknown;
  /** The socket channels this view keeps subscribed. */
  channels: string[];
  /** A chart's number columns, converted incrementally. */
  columns?: ChartColumns;
}

/** The private channels of a logged-in user: their orders and balances as they change. */
const privateChannels = ['orders', 'balances'];

export class WorkerCore implements CoreFacade {
  readonly #deps: WorkerCoreDeps;
  readonly #api: ApiClient;
  readonly #socket: MarketSocket;
  readonly #wallet: WalletCalls;
  readonly #spot: SpotCalls;
  readonly #content: ContentCalls;
  readonly #account: AccountCalls;
  readonly #identity: IdentityCalls;
  readonly #market: MarketCalls;
  #credentials: { token: string | null; language: Language } = { token: null, language: 'en' };
  #host: HostEvents | undefined;
  #live: ClientView = initialClientView;
  /** What the screen shows: the live fold, or a loaded capture being replayed or scrubbed. */
  #shown: ClientView | undefined;
  #capture: LoggedEvent[] = [];
  #replay: ReplayControl | undefined;
  readonly #watchers = new Map<number, Watcher>();
  #nextWatcher = 1;
  /** How many views hold each socket channel; the last to let go unsubscribes. */
  readonly #channelHolds = new Map<string, number>();
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
        this.#authenticate(null);
        this.#host?.sessionExpired(how);
      },
    });
    this.#socket = new MarketSocket({
      url: () => `${deps.socketUrl}?lang=${this.#credentials.language}`,
      createSocket: deps.createSocket,
      scheduler: deps.scheduler,
      onFrame: (frame) => this.#record({ source: 'socket', type: 'frame', payload: frame }),
      onProblem: (problem) => this.#record({ source: 'socket', type: 'problem', payload: problem }),
      onOpenChange: (open) => {
        const reopened = open && this.#live.connection.open === false && this.#live.seq > 0;
        this.#record({ source: 'socket', type: open ? 'open' : 'close', payload: null });
        // Private frames sent while the socket was down are gone: load the spot state again.
        if (reopened && this.#watches('spot')) void this.#spot.refreshSpot();
      },
    });
    // Every group of calls goes through the one API client and the one log.
    const calls = {
      call: ((endpoint, input, headers) => this.#call(endpoint, input, headers)) satisfies CallApi,
      record: (event: NewEvent) => this.#record(event),
      locale: () => intlLocale(this.#credentials.language),
    };
    this.#wallet = new WalletCalls(calls);
    this.#account = new AccountCalls(calls);
    this.#identity = new IdentityCalls(calls);
    this.#content = new ContentCalls(calls);
    this.#market = new MarketCalls({
      ...calls,
      subscribe: (channels) => this.#socket.subscribe(channels),
    });
    this.#spot = new SpotCalls({
      ...calls,
      view: () => this.#live,
      loggedIn: () => this.#credentials.token !== null,
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
    const signedIn = credentials.token !== null && this.#credentials.token === null;
    this.#credentials = credentials;
    this.#authenticate(credentials.token);
    if (signedIn && this.#watches('spot')) void this.#spot.refreshSpot();
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
    this.#authenticate(null);
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

  loadMarkets(section: MarketSection): Promise<Outcome<{ symbols: string[] }>> {
    return this.#market.loadMarkets(section);
  }

  loadOlderCandles(symbol: string, period: KlinePeriod): void {
    const series = this.#live.candles[seriesKey(symbol, period)];
    const first = series?.rows[0];
    if (!series || !first || series.loading || !series.hasOlder) return;
    void this.#market.fetchCandles(symbol, period, first[0]);
  }

  // Wallet: its calls live in wallet-handlers.ts, on the core's API client and log.

  walletBalances() {
    return this.#wallet.walletBalances();
  }

  walletAssets() {
    return this.#wallet.walletAssets();
  }

  depositAddress(...args: Parameters<WalletHandlers['depositAddress']>) {
    return this.#wallet.depositAddress(...args);
  }

  deposits(page: number) {
    return this.#wallet.deposits(page);
  }

  withdraw(form: Parameters<WalletHandlers['withdraw']>[0]) {
    return this.#wallet.withdraw(form);
  }

  cancelWithdrawal(id: number) {
    return this.#wallet.cancelWithdrawal(id);
  }

  withdrawals(page: number) {
    return this.#wallet.withdrawals(page);
  }

  addressBook() {
    return this.#wallet.addressBook();
  }

  addAddress(form: Parameters<WalletHandlers['addAddress']>[0]) {
    return this.#wallet.addAddress(form);
  }

  deleteAddress(id: number) {
    return this.#wallet.deleteAddress(id);
  }

  walletRecords(...args: Parameters<WalletHandlers['walletRecords']>) {
    return this.#wallet.walletRecords(...args);
  }

  transfer(form: Parameters<WalletHandlers['transfer']>[0]) {
    return this.#wallet.transfer(form);
  }

  // Security center and invites: their calls live in account-handlers.ts.

  sendSecurityCode(to: Parameters<AccountHandlers['sendSecurityCode']>[0]) {
    return this.#account.sendSecurityCode(to);
  }

  changeLoginPassword(change: Parameters<AccountHandlers['changeLoginPassword']>[0]) {
    return this.#account.changeLoginPassword(change);
  }

  setTradePassword(change: Parameters<AccountHandlers['setTradePassword']>[0]) {
    return this.#account.setTradePassword(change);
  }

  inviteInfo() {
    return this.#account.inviteInfo();
  }

  // Identity verification: its calls live in identity-handlers.ts.

  verificationInfo() {
    return this.#identity.verificationInfo();
  }

  uploadIdImage(file: Blob) {
    return this.#identity.uploadIdImage(file);
  }

  submitVerification(form: VerificationForm) {
    return this.#identity.submitVerification(form);
  }

  // Spot: its calls live in spot-handlers.ts, on the core's API client and log.

  refreshSpot() {
    return this.#spot.refreshSpot();
  }

  reviewSpotOrder(...args: Parameters<SpotHandlers['reviewSpotOrder']>) {
    return this.#spot.reviewSpotOrder(...args);
  }

  placeSpotOrder(...args: Parameters<SpotHandlers['placeSpotOrder']>) {
    return this.#spot.placeSpotOrder(...args);
  }

  cancelSpotOrder(id: number) {
    return this.#spot.cancelSpotOrder(id);
  }

  spotOrders(...args: Parameters<SpotHandlers['spotOrders']>) {
    return this.#spot.spotOrders(...args);
  }

  // Content and customer service: their calls live in content-handlers.ts.

  articles(category: number | null, page: number) {
    return this.#content.articles(category, page);
  }

  article(id: number) {
    return this.#content.article(id);
  }

  document(key: DocumentKey) {
    return this.#content.document(key);
  }

  customerService() {
    return this.#content.customerService();
  }

  loadSupport() {
    return this.#content.loadSupport();
  }

  sendSupport(text: string) {
    return this.#content.sendSupport(text);
  }

  // Views.

  watch<K extends ViewName>(
    view: K,
    callback: (payload: ViewPayloads[K]) => void,
    params?: ViewParams[K],
  ): number {
    const id = this.#nextWatcher++;
    const channels = channelsOf(view, params as Params);
    const watcher: Watcher = {
      view,
      params,
      send: callback as (payload: unknown) => void,
      sent: unsent,
      channels,
      ...(view === 'chart' ? { columns: new ChartColumns() } : {}),
    };
    this.#watchers.set(id, watcher);
    this.#hold(channels);
    const { symbol, period } = (params ?? {}) as NonNullable<Params>;
    if (view === 'chart' && symbol && period) void this.#market.fetchCandles(symbol, period, null);
    if (view === 'trades' && symbol) void this.#market.fetchTrades(symbol);
    if (view === 'spot') void this.#spot.refreshSpot();
    this.#send(watcher, this.#shown ?? this.#live);
    return id;
  }

  unwatch(id: number): void {
    const watcher = this.#watchers.get(id);
    this.#watchers.delete(id);
    if (!watcher) return;
    this.#release(watcher.channels);
    // A callback from the UI thread holds a message port until released.
    const release = (watcher.send as unknown as Record<symbol, unknown>)[Comlink.releaseProxy];
    if (typeof release === 'function') release.call(watcher.send);
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

  /** The token for the socket, and the private channels that follow it. */
  #authenticate(token: string | null): void {
    this.#socket.authenticate(token);
    if (token) this.#socket.subscribe(privateChannels);
    else this.#socket.unsubscribe(privateChannels);
  }

  #watches(view: ViewName): boolean {
    for (const watcher of this.#watchers.values()) if (watcher.view === view) return true;
    return false;
  }

  #hold(channels: readonly string[]): void {
    const fresh = channels.filter((channel) => {
      const holds = this.#channelHolds.get(channel) ?? 0;
      this.#channelHolds.set(channel, holds + 1);
      return holds === 0;
    });
    if (fresh.length > 0) this.#socket.subscribe(fresh);
  }

  #release(channels: readonly string[]): void {
    const done = channels.filter((channel) => {
      const holds = (this.#channelHolds.get(channel) ?? 1) - 1;
      if (holds > 0) this.#channelHolds.set(channel, holds);
      else this.#channelHolds.delete(channel);
      return holds <= 0;
    });
    if (done.length > 0) this.#socket.unsubscribe(done);
  }

  /** A depth diff that did not follow its book: ask for a fresh snapshot. */
  #resyncBooks(before: ClientView, after: ClientView): void {
    if (before.books === after.books) return;
    for (const [symbol, book] of Object.entries(after.books)) {
      if (book.gap && !before.books[symbol]?.gap && this.#live.connection.open) {
        this.#record({ source: 'intent', type: 'book-resync', payload: { symbol } });
        this.#socket.refresh([`depth.${symbol}`]);
      }
    }
  }

  #loggedIn(session: { account: string; user_id: number; token: string }): void {
    this.#credentials = { ...this.#credentials, token: session.token };
    this.#authenticate(session.token);
    if (this.#watches('spot')) void this.#spot.refreshSpot();
    this.#record({
      source: 'api',
      type: 'login',
      payload: { account: session.account, user_id: session.user_id },
    });
  }

  async #call<E extends Endpoint>(
    endpoint: E,
    input: z.input<E['request']>,
    headers?: Readonly<Record<string, string>>,
  ) {
    try {
      const data = await this.#api.call(endpoint, input, headers);
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
    const before = this.#live;
    this.#live = foldClientView(before, event);
    if (input.source === 'socket' && input.type === 'frame') this.#resyncBooks(before, this.#live);
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
    const source = viewSources[watcher.view](view, watcher.params as Params);
    if (sameSource(source, watcher.sent)) return;
    watcher.sent = source;
    const locale = intlLocale(this.#credentials.language);
    const params = watcher.params as Params;
    const payload = viewPayload(watcher.view, params, view, locale, watcher.columns);
    watcher.send(watcher.view === 'chart' ? transferred(payload as ChartView) : payload);
  }
}
