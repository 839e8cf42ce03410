// One measured window on the fan-out server: event-loop delay, CPU, memory samples and the wall
// and CPU time of every publication tick, from `start` until the window has lasted long enough
// and seen enough ticks.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Memory, Window } from './messages.ts';

const lagResolutionMs = 10;

// Frames waiting in socket queues are Buffers outside the JS heap: counted with it.
export function memory(): Memory {
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heap: heapUsed + external };
}

export class ServerWindow {
  readonly #lag = monitorEventLoopDelay({ resolution: lagResolutionMs });
  readonly #startedAt = performance.now();
  readonly #cpuAt = process.cpuUsage();
  readonly #samples: Memory[] = [memory()];
  readonly #ticks: { wallMs: number; cpuMs: number }[] = [];
  #tickAt = { wall: 0, cpu: process.cpuUsage() };
  #ready: (() => void) | undefined;
  #minTicks = 0;

  constructor() {
    this.#lag.enable();
  }

  sample(sample: Memory): void {
    this.#samples.push(sample);
  }

  tickStarts(): void {
    this.#tickAt = { wall: performance.now(), cpu: process.cpuUsage() };
  }

  tickEnds(): void {
    const cpu = process.cpuUsage(this.#tickAt.cpu);
    this.#ticks.push({
      wallMs: performance.now() - this.#tickAt.wall,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
    if (this.#ticks.length >= this.#minTicks) this.#ready?.();
  }

  /**
   * Ends the window once `minTicks` publications completed in it: with 10,000 subscribers one tick
   * can outlast the nominal window, and a window without a whole tick measures nothing.
   */
  stop(minTicks: number): Promise<Window> {
    this.#minTicks = minTicks;
    return new Promise<void>((resolve) => {
      this.#ready = resolve;
      if (this.#ticks.length >= minTicks) resolve();
    }).then(
      // The delay monitor records a long tick only when its own timer runs after it: give the
      // timer that turn before reading the histogram.
      () =>
        new Promise<Window>((resolve) =>
          setTimeout(() => resolve(this.#read()), 2 * lagResolutionMs),
        ),
    );
  }

  #read(): Window {
    this.#lag.disable();
    this.#samples.push(memory());
    const seconds = (performance.now() - this.#startedAt) / 1000;
    const cpu = process.cpuUsage(this.#cpuAt);
    // The histogram holds the time between the monitor's timer runs; its own interval is not lag.
    const beyond = (ns: number) => Math.max(0, ns / 1e6 - lagResolutionMs);
    const samples = this.#samples;
    const mean = (pick: (m: Memory) => number) =>
      samples.reduce((sum, m) => sum + pick(m), 0) / samples.length;
    const walls = this.#ticks.map((tick) => tick.wallMs).sort((a, b) => a - b);
    const wall = walls.reduce((sum, ms) => sum + ms, 0);
    const tickCpu = this.#ticks.reduce((sum, tick) => sum + tick.cpuMs, 0);
    return {
      seconds,
      ticks: this.#ticks.length,
      publishP50Ms: walls[Math.floor(walls.length / 2)] ?? 0,
      publishMaxMs: walls.at(-1) ?? 0,
      publishCpuShare: wall > 0 ? tickCpu / wall : 0,
      lagP50Ms: beyond(this.#lag.percentile(50)),
      lagP99Ms: beyond(this.#lag.percentile(99)),
      lagMaxMs: beyond(this.#lag.max),
      cpuUser: cpu.user / 1e6 / seconds,
      cpuSystem: cpu.system / 1e6 / seconds,
      rssMean: mean((m) => m.rss),
      rssMax: Math.max(...samples.map((m) => m.rss)),
      heapMean: mean((m) => m.heap),
      heapMax: Math.max(...samples.map((m) => m.heap)),
    };
  }
}
