// React's hooks for one component rendered by hand in Node, to test what a hook's effects do
// without a DOM: hooks are kept by call order, an effect runs after a render when one of its
// dependencies changed by `Object.is` (as React compares them; none given: after every render),
// its cleanup first, insertion effects before the others; a state change renders again. A test
// mocks `react` with `fakeReact` (vi.mock) and drives the component with `renderHook`.

type Deps = readonly unknown[] | undefined;
/** What an effect may answer: its cleanup, or nothing. */
type EffectRun = () => unknown;

interface EffectSlot {
  deps: Deps;
  cleanup: (() => void) | undefined;
}

interface StateSlot<T> {
  value: T;
  set(next: T | ((shown: T) => T)): void;
}

let slots: unknown[] = [];
let cursor = 0;
let dirty = false;
let insertions: (() => void)[] = [];
let effects: (() => void)[] = [];
let mounted: EffectSlot[] = [];

function changed(before: Deps, after: Deps): boolean {
  if (before === undefined || after === undefined) return true;
  return before.length !== after.length || before.some((value, i) => !Object.is(value, after[i]));
}

function slot<T>(make: () => T): T {
  const index = cursor++;
  if (!(index in slots)) slots[index] = make();
  return slots[index] as T;
}

function effect(queue: (() => void)[], run: EffectRun, deps: Deps): void {
  const first = !(cursor in slots);
  const held = slot<EffectSlot>(() => ({ deps: undefined, cleanup: undefined }));
  if (!first && !changed(held.deps, deps)) return;
  held.deps = deps;
  queue.push(() => {
    held.cleanup?.();
    const cleanup = run();
    held.cleanup = typeof cleanup === 'function' ? (cleanup as () => void) : undefined;
    if (!mounted.includes(held)) mounted.push(held);
  });
}

function useMemo<T>(make: () => T, deps: Deps): T {
  const first = !(cursor in slots);
  const held = slot(() => ({ deps, value: make() }));
  if (!first && changed(held.deps, deps)) {
    held.deps = deps;
    held.value = make();
  }
  return held.value;
}

export const fakeReact = {
  useState<T>(initial: T | (() => T)): [T, StateSlot<T>['set']] {
    const held = slot<StateSlot<T>>(() => {
      const made: StateSlot<T> = {
        value: typeof initial === 'function' ? (initial as () => T)() : initial,
        set(next) {
          const value = typeof next === 'function' ? (next as (shown: T) => T)(made.value) : next;
          if (Object.is(value, made.value)) return;
          made.value = value;
          dirty = true;
        },
      };
      return made;
    });
    return [held.value, held.set];
  },
  useRef<T>(initial: T): { current: T } {
    return slot(() => ({ current: initial }));
  },
  useMemo,
  useCallback<F>(callback: F, deps: Deps): F {
    return useMemo(() => callback, deps);
  },
  useEffect(run: EffectRun, deps?: Deps): void {
    effect(effects, run, deps);
  },
  useLayoutEffect(run: EffectRun, deps?: Deps): void {
    effect(effects, run, deps);
  },
  useInsertionEffect(run: EffectRun, deps?: Deps): void {
    effect(insertions, run, deps);
  },
};

/** Lets promises the effects started settle (the loads a test answers at once). */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Renders `hook` as a component's body would run it. `settle` lets what the effects started run
 * and renders again while state changed, as React would; a hook still changing its state after
 * `maxRenders` renders is rendering itself without end.
 */
export function renderHook<R>(hook: () => R, maxRenders = 50) {
  slots = [];
  mounted = [];
  let result: R | undefined;
  const render = () => {
    cursor = 0;
    dirty = false;
    insertions = [];
    effects = [];
    result = hook();
    for (const run of insertions) run();
    for (const run of effects) run();
  };
  render();
  return {
    get current(): R {
      return result as R;
    },
    /** Renders again, as a parent's render would: inline functions are new ones. */
    rerender: render,
    async settle(): Promise<void> {
      for (let renders = 0; renders < maxRenders; renders++) {
        await microtasks();
        if (!dirty) return;
        render();
      }
      throw new Error(`still rendering after ${maxRenders} renders`);
    },
    unmount(): void {
      for (const held of mounted) held.cleanup?.();
      mounted = [];
    },
  };
}
