// The UI's only way into the worker: the Comlink-wrapped facade, imported as a type.
import * as Comlink from 'comlink';
import type { CoreFacade, ViewName, ViewParams, ViewPayloads } from '../workers/facade.ts';

export type Core = Comlink.Remote<CoreFacade>;

export function startCore(): Core {
  const worker = new Worker(new URL('../workers/core.worker.ts', import.meta.url), {
    type: 'module',
    name: 'meridian-core',
  });
  return Comlink.wrap<CoreFacade>(worker);
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
