// Which components React rendered in each commit of a page, read the way React DevTools' profiler
// reads them: through the global hook React calls on every commit (production builds call it too).
// Each rendered component is named and placed: inside the toasts region (`.toasts`) or outside it,
// by the first element it draws (or, drawing none, the element it sits in), so a test can hold
// "a toast re-renders nothing outside the toasts" on a minified build, where names are mangled.
import type { Page } from 'playwright-core';

/** One component that rendered in a commit: its name (when the build kept it) and where it draws. */
export interface RenderedComponent {
  name: string;
  inToasts: boolean;
}

/** The components rendered by one commit, in tree order. */
export type Commit = readonly RenderedComponent[];

interface Recorder {
  recording: boolean;
  commits: RenderedComponent[][];
}

/**
 * The hook, installed before any script of the page runs. Runs in the browser: it must not close
 * over anything of this module. Use `commitRecorderScript`, which also gives it the name helper
 * that a Node loader (tsx keeps functions' names) writes into the function's text.
 */
function recordReactCommits(): void {
  // React's fiber tags for components, and its flag of a fiber that ran its render this commit.
  const functionComponent = 0;
  const classComponent = 1;
  const hostRoot = 3;
  const hostComponent = 5;
  const hostText = 6;
  const forwardRef = 11;
  const simpleMemoComponent = 15;
  const componentTags = new Set([
    functionComponent,
    classComponent,
    forwardRef,
    simpleMemoComponent,
  ]);
  const performedWork = 1;

  interface Fiber {
    tag: number;
    flags: number;
    type: unknown;
    stateNode: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    return: Fiber | null;
    alternate: Fiber | null;
  }

  const recorder: Recorder = { recording: false, commits: [] };
  (window as unknown as { __reactCommits: Recorder }).__reactCommits = recorder;

  const nameOf = (fiber: Fiber): string => {
    const type = fiber.type as
      | { displayName?: string; name?: string; render?: { name?: string } }
      | undefined;
    return type?.displayName || type?.name || type?.render?.name || 'anonymous';
  };

  /** The element a component draws first, else the element it sits in. */
  const elementOf = (fiber: Fiber): Element | null => {
    const stack: Fiber[] = fiber.child ? [fiber.child] : [];
    while (stack.length > 0) {
      const node = stack.pop() as Fiber;
      if (node.tag === hostComponent) return node.stateNode as Element;
      if (node.tag === hostText) return (node.stateNode as Text).parentElement;
      if (node.sibling) stack.push(node.sibling);
      if (node.child) stack.push(node.child);
    }
    for (let up = fiber.return; up; up = up.return) {
      if (up.tag === hostComponent) return up.stateNode as Element;
      if (up.tag === hostRoot) return (up.stateNode as { containerInfo: Element }).containerInfo;
    }
    return null;
  };

  /** Components that rendered: new ones, and those that ran their render again this commit. */
  const renderedIn = (root: Fiber): RenderedComponent[] => {
    const rendered: RenderedComponent[] = [];
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      const before = fiber.alternate;
      if (componentTags.has(fiber.tag) && (!before || (fiber.flags & performedWork) !== 0)) {
        rendered.push({
          name: nameOf(fiber),
          inToasts: elementOf(fiber)?.closest('.toasts') != null,
        });
      }
      if (fiber.sibling && fiber !== root) stack.push(fiber.sibling);
      // Children React did not visit are the very fibers of the previous commit: none rendered.
      if (fiber.child && (!before || fiber.child !== before.child)) stack.push(fiber.child);
    }
    return rendered;
  };

  const hook = {
    renderers: new Map<number, unknown>(),
    supportsFiber: true,
    isDisabled: false,
    checkDCE() {},
    inject(renderer: unknown) {
      const id = hook.renderers.size + 1;
      hook.renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      if (recorder.recording) recorder.commits.push(renderedIn(root.current));
    },
  };
  (
    window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }
  ).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
}

/** For `addInitScript({ content })` of a page or a context. */
export const commitRecorderScript = `var __name = (target) => target; (${recordReactCommits.toString()})();`;

/** Starts keeping commits, forgetting any kept before. */
export async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const recorder = (window as unknown as { __reactCommits: Recorder }).__reactCommits;
    recorder.commits = [];
    recorder.recording = true;
  });
}

/** Stops keeping commits and answers those kept since the start. */
export function stopRecording(page: Page): Promise<Commit[]> {
  return page.evaluate(() => {
    const recorder = (window as unknown as { __reactCommits: Recorder }).__reactCommits;
    recorder.recording = false;
    return recorder.commits;
  });
}

/** The commits that drew the toasts region: a toast shown, or one gone. */
export function toastCommits(commits: readonly Commit[]): Commit[] {
  return commits.filter((commit) => commit.some((component) => component.inToasts));
}
