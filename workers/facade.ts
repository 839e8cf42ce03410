// The one front door of the worker: its typed handlers, split by domain, and what it pushes to the
// UI. `src/` imports this file as types only.
import type { z } from 'zod';
import type { ClientView } from '../core/projections/client-view.ts';
import type { ConnectionView } from '../core/projections/connection.ts';
import type { SessionView } from '../core/projections/session.ts';
import type { sessionSchema } from '../schemas/api/account.schema.ts';
import type { userInfoSchema } from '../schemas/api/security.schema.ts';
import type { Language } from '../schemas/languages.ts';
import type { ApiFailure } from './api-client.ts';

/** A call's outcome as the UI receives it: no exceptions cross the worker boundary. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

export type Session = z.output<typeof sessionSchema>;
export type UserInfo = z.output<typeof userInfoSchema>;

export interface SessionHandlers {
  /** The UI thread owns localStorage; it hands the token and language over, and again on change. */
  setCredentials(credentials: { token: string | null; language: Language }): void;
  sendEmailCode(
    email: string,
    scene: 'register' | 'forget',
  ): Promise<Outcome<{ resend_in: number }>>;
  register(form: {
    email: string;
    password: string;
    repassword: string;
    code: string;
    invite_code?: string;
  }): Promise<Outcome<Session>>;
  login(account: string, password: string): Promise<Outcome<Session>>;
  forget(form: {
    account: string;
    code: string;
    password: string;
    repassword: string;
  }): Promise<Outcome<null>>;
  logout(): Promise<Outcome<null>>;
  userInfo(): Promise<Outcome<UserInfo>>;
}

export interface MarketHandlers {
  subscribe(channels: string[]): void;
  unsubscribe(channels: string[]): void;
}

/** The whole fold, with prices formatted for the locale: what /debug shows. */
export interface ScreenView extends ClientView {
  prices: Readonly<Record<string, { last: string; high: string; low: string }>>;
}

/** One market as the lists draw it: a compact row, prices already formatted. */
export type MarketRow = readonly [symbol: string, last: string, high: string, low: string];

/** What each view sends: small, screen-ready, and only when its part of the fold changed. */
export interface ViewPayloads {
  market: { rows: readonly MarketRow[] };
  connection: ConnectionView;
  session: SessionView;
  all: ScreenView;
}

export type ViewName = keyof ViewPayloads;

export interface ViewHandlers {
  /** Calls back with the view now, then at most once per frame and only when it changed. */
  watch<K extends ViewName>(view: K, callback: (payload: ViewPayloads[K]) => void): number;
  unwatch(id: number): void;
}

export interface DebugHandlers {
  /** The kept event log as NDJSON. */
  capture(): Promise<string>;
  /** Loads a capture for replay; answers its event count, or the line that is not an event. */
  loadCapture(ndjson: string): Promise<{ ok: true; events: number } | { ok: false; line: number }>;
  /** Plays the loaded capture through the same fold at `speed`; the live view pauses meanwhile. */
  replay(speed: number): void;
  /** Shows the loaded capture's view as it was after event `seq`. */
  scrub(seq: number): void;
  /** Back to the live log. */
  live(): void;
}

/** What the worker tells the UI thread without being asked. */
export interface HostEvents {
  toast(message: string): void;
  /** Code 999: `logout` clears the session and storage; `navigate` only goes to /login. */
  sessionExpired(how: 'logout' | 'navigate'): void;
}

export interface HostHandlers {
  connectHost(host: HostEvents): void;
}

export type CoreFacade = SessionHandlers &
  MarketHandlers &
  ViewHandlers &
  DebugHandlers &
  HostHandlers;
