// The UI's only way into the worker: the Comlink-wrapped facade, imported as a type.
import * as Comlink from 'comlink';
import type { CoreFacade } from '../workers/facade.ts';

export type Core = Comlink.Remote<CoreFacade>;

export function startCore(): Core {
  const worker = new Worker(new URL('../workers/core.worker.ts', import.meta.url), {
    type: 'module',
    name: 'meridian-core',
  });
  return Comlink.wrap<CoreFacade>(worker);
}

export const proxy = Comlink.proxy;
