// What a page's main thread spends over a window of seconds, as the browser benches report it:
// task time (Chromium's `TaskDuration`), frames drawn (a requestAnimationFrame loop) and long
// tasks (the Long Tasks API: 50 ms and over).
import type { CDPSession, Page } from 'playwright-core';

/** A mid-range phone: four times slower than this machine, as Lighthouse's mobile preset. */
export const cpuSlowdown = 4;

export interface MainThreadUse {
  /** The share of the window the main thread was running tasks, in %. */
  busyPercent: number;
  framesPerSecond: number;
  msPerFrame: number;
  longTasks: number;
  /** The longest long task in ms, or 0 when there was none. */
  longestMs: number;
}

/** A CDP session on the page with task metrics on and the CPU slowed as a phone's. */
export async function phoneCpu(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return cdp;
}

export async function measureMainThread(
  page: Page,
  cdp: CDPSession,
  seconds: number,
): Promise<MainThreadUse> {
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  // A string, not a function: tsx would wrap a function with helpers the page lacks.
  await page.evaluate(
    `window.frames_ = 0; (function count() { window.frames_++; requestAnimationFrame(count); })();
    window.longTasks_ = 0; window.longest_ = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.longTasks_++;
        window.longest_ = Math.max(window.longest_, entry.duration);
      }
    }).observe({ type: 'longtask' });`,
  );
  const before = await taskSeconds();
  await page.waitForTimeout(seconds * 1000);
  const busy = (await taskSeconds()) - before;
  const frames = Number(await page.evaluate('window.frames_'));
  return {
    busyPercent: (busy / seconds) * 100,
    framesPerSecond: frames / seconds,
    msPerFrame: (busy * 1000) / Math.max(frames, 1),
    longTasks: Number(await page.evaluate('window.longTasks_')),
    longestMs: Number(await page.evaluate('window.longest_')),
  };
}
