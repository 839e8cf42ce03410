// What the fan-out benchmark's processes say to each other over their IPC channels: the runner
// asks, the server and client processes answer each request with one reply of the same `id`.

export type Variant = 'shared' | 'per-client';
/** Alone, or one node of a cluster: the one with the feed, or one relaying it. */
export type Role = 'single' | 'owner' | 'relay';

export interface Memory {
  rss: number;
  /** The JS heap in use and the memory of Buffers outside it. */
  heap: number;
}

export interface Window {
  seconds: number;
  /** Publications completed in the window (each offers a frame per channel and subscriber). */
  ticks: number;
  /** Wall time of one tick's publication (the gateway's listener), median and longest. */
  publishP50Ms: number;
  publishMaxMs: number;
  /** CPU time over wall time while publishing: below 1, the process waited for a core. */
  publishCpuShare: number;
  /** Event-loop delay beyond the monitor's own interval, in ms. */
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /**
   * Server CPU time over wall time (1 = one core busy all along), in JS and libraries (user) and
   * in the kernel (system; on loopback this includes the receiving side of TCP).
   */
  cpuUser: number;
  cpuSystem: number;
  rssMean: number;
  rssMax: number;
  heapMean: number;
  heapMax: number;
}

export interface Status {
  connections: number;
  subscriptions: number;
}

export interface Counters {
  frames: number;
  bytes: number;
  open: number;
  closed: number;
  /** `error` frames received: a subscription the gateway refused. */
  refusals: number;
}

export type ServerRequest =
  | { id: number; op: 'memory' }
  | { id: number; op: 'status' }
  | { id: number; op: 'flood'; on: boolean }
  | { id: number; op: 'window-start' }
  | { id: number; op: 'window-stop'; minTicks: number };

export type ClientRequest =
  | { id: number; op: 'connect'; port: number; count: number; channels: string[] }
  | { id: number; op: 'counters' }
  | { id: number; op: 'disconnect' };

export type Reply<T = unknown> = { id: number; value: T } | { id: number; error: string };

/** The server's first message: where it listens. */
export interface Ready {
  ready: true;
  port: number;
}
