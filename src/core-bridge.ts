// The UI's only way into the worker: the Comlink-wrapped facade, imported as a type.
import * as Comlink from 'comlink';
import type {
  CoreFacade,
  DeferredDomainName,
  ViewName,
  ViewParams,
  ViewPayloads,
} from '../workers/facade.ts';

export type Core = Comlink.Remote<CoreFacade>;

/** The core the app started, for the route table's loaders, which run outside React. */
let started: Core | undefined;

export function startCore(): Core {
  const worker = new Worker(new URL('../workers/core.worker.ts', import.meta.url), {
    type: 'module',
    name: 'meridian-core',
  });
  started = Comlink.wrap<CoreFacade>(worker);
  return started;
}

/**
 * Starts loading a domain of the worker that a page about to open will use, so it comes beside
 * the page's own files rather than after them.
 */
export function prepareDomain(domain: DeferredDomainName): void {
  void started?.prepare(domain);
}

export const proxy = Comlink.proxy;

/**
 * Watches one view of the worker, typed by its name (Comlink's remote type drops the pairing); the
 * market views (chart, book, trades) name what they are of in `params`.
 */
export function watchView<K extends ViewName>(
  core: Core,
  view: K,
  callback: (payload: ViewPayloads[K]) => void,
  params?: ViewParams[K],
): Promise<number> {
  const watch = core.watch as unknown as (
    view: K,
    callback: ((payload: ViewPayloads[K]) => void) & Comlink.ProxyMarked,
    params?: ViewParams[K],
  ) => Promise<number>;
  return watch(view, Comlink.proxy(callback), params);
}
