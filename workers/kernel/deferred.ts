// A domain the worker loads when a page first calls one of its handlers or watches one of its
// views, rather than with the worker: the products (perpetuals, second contracts, subscriptions,
// AI products) and the other pages' domains (the wallet's, the security center's, verification,
// articles, support) are most of the worker's code and schemas, and a visitor opening home or a
// spot market uses none of them.
import type { Domain } from './context.ts';
import type { AnyView } from './watchers.ts';

/** What a deferred domain's module exports: the domain, and its views by name. */
export interface LoadedDomain<H = unknown, V = Record<string, AnyView>> {
  domain: Domain<H>;
  views: V;
}

export type HandlersOf<D> = D extends Domain<infer H> ? H : never;

/**
 * A domain known by the names of its handlers and views, so a call or a watch can be routed to it
 * before its code is loaded; the type checker holds both lists to the loaded module's.
 */
export interface DeferredDomain<M extends LoadedDomain = LoadedDomain> {
  handlers: Readonly<Record<keyof HandlersOf<M['domain']> & string, true>>;
  views: Readonly<Record<keyof M['views'] & string, true>>;
  load(): Promise<M>;
}

export function deferDomain<M extends LoadedDomain>(entry: DeferredDomain<M>): DeferredDomain<M> {
  return entry;
}

/** A deferred domain's handlers as the facade has them: each answers once its code is loaded. */
export type Deferred<H> = {
  [K in keyof H]: H[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

export type LoadedOf<E> = E extends DeferredDomain<infer M> ? M : never;

/** A loaded domain as the kernel installed it: its handler object and its views. */
export interface Installed {
  handlers: Record<string, unknown>;
  views: Readonly<Record<string, AnyView>>;
}

/**
 * Loads each deferred domain once, on its first call or watch, or when a page about to use it
 * asks (`prepare`): `install` hands the loaded domain to the kernel. A load that fails (the
 * network dropped while its file was fetched) is tried again at the next call.
 */
export class DeferredDomains {
  readonly #byName: Readonly<Record<string, DeferredDomain>>;
  readonly #entries: readonly DeferredDomain[];
  readonly #install: (loaded: LoadedDomain) => Installed;
  readonly #loading = new Map<DeferredDomain, Promise<Installed>>();

  constructor(
    byName: Readonly<Record<string, DeferredDomain>>,
    install: (loaded: LoadedDomain) => Installed,
  ) {
    this.#byName = byName;
    this.#entries = Object.values(byName);
    this.#install = install;
  }

  /**
   * Starts loading a domain by its name, for a page whose file is loading and which will use it:
   * the two come side by side rather than one after the other.
   */
  prepare(name: string): void {
    const entry = this.#byName[name];
    if (!entry) return;
    this.load(entry).catch((error: unknown) =>
      console.warn(`the domain ${name} could not be loaded`, error),
    );
  }

  /** The deferred domain a view of this name is in, or undefined. */
  ownerOfView(name: string): DeferredDomain | undefined {
    return this.#entries.find((entry) => Object.hasOwn(entry.views, name));
  }

  /** A stand-in for every deferred handler: it loads its domain, then calls the real one. */
  handlers(): Record<string, (...args: unknown[]) => Promise<unknown>> {
    const stands: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const entry of this.#entries) {
      for (const name of Object.keys(entry.handlers)) {
        stands[name] = async (...args) => {
          const { handlers } = await this.load(entry);
          return (handlers[name] as (...a: unknown[]) => unknown)(...args);
        };
      }
    }
    return stands;
  }

  /** The domain, once it is loaded and installed. */
  load(entry: DeferredDomain): Promise<Installed> {
    let loading = this.#loading.get(entry);
    if (!loading) {
      loading = entry.load().then(
        (loaded) => this.#install(loaded),
        (error: unknown) => {
          this.#loading.delete(entry);
          throw error;
        },
      );
      this.#loading.set(entry, loading);
    }
    return loading;
  }
}
