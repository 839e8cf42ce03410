// The upstream WebSocket as a feed adapter needs it: text messages, signs of life, one close.
// The `ws` package answers the server's pings by itself (Binance pings every 20 s and drops
// connections that do not answer).
import WebSocket from 'ws';

export interface SocketEvents {
  open(): void;
  message(text: string): void;
  /** A sign of life that is not a message, such as a ping. */
  alive(): void;
  /** The connection ended, after an error too; called at most once per socket. */
  close(detail: string): void;
}

export interface UpstreamSocket {
  /** Drops the connection at once; no further events matter. */
  close(): void;
}

export type CreateSocket = (url: string, on: SocketEvents) => UpstreamSocket;

/** Market data frames are small; a larger one is a fault, not a reason to buffer megabytes. */
const maxFrameBytes = 4 * 1024 * 1024;

export const createWsSocket: CreateSocket = (url, on) => {
  const socket = new WebSocket(url, {
    handshakeTimeout: 10_000,
    maxPayload: maxFrameBytes,
    perMessageDeflate: false,
  });
  let problem = '';
  socket.on('open', () => on.open());
  socket.on('message', (data) => on.message(textOf(data)));
  socket.on('ping', () => on.alive());
  socket.on('pong', () => on.alive());
  socket.on('error', (error) => {
    problem = error.message;
  });
  socket.on('close', (code, reason) => {
    const why = reason.length > 0 ? ` ${reason.toString()}` : '';
    on.close(`closed (${code}${why})${problem ? `: ${problem}` : ''}`);
  });
  return { close: () => socket.terminate() };
};

function textOf(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}
