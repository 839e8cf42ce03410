// The market socket's timings (docs/product.md §8).

export const socketPolicy = {
  /** How often the connection's state is checked. */
  healthCheckMs: 1000,
  /** Wait after a close before connecting again. */
  reconnectDelayMs: 3000,
  /** A connection not open by then is abandoned and tried again. */
  connectTimeoutMs: 60_000,
} as const;

/** WebSocket readyState values, without depending on the DOM's constants. */
export const socketState = { connecting: 0, open: 1, closing: 2, closed: 3 } as const;
