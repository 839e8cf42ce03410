// A market-socket client that costs as little as possible: the WebSocket handshake and frame
// headers by hand over TCP, counting data frames and their payload bytes without decoding them.
// A full client (`ws` validates UTF-8, copies and emits every message) would spend the CPU the
// server is being measured on. It answers the `pong` heartbeat with `ping`, as the app does.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface Tally {
  frames: number;
  bytes: number;
  refusals: number;
}

/** Bytes of a frame we need before classifying it: the longest header and `{"op":"p`. */
const peek = 8;
const quote = 0x22;
const letterC = 0x63;
const letterP = 0x70;

/** A masked text frame, as a client must send it (RFC 6455 §5.3). */
export function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  if (length > 0xffff) throw new Error('client frames stay small');
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  const mask = randomBytes(4);
  for (let i = 0; i < length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([header, mask, payload]);
}

const ping = () => clientFrame('{"op":"ping"}');

/**
 * Opens `/ws`, sends `subscribe` once the upgrade is accepted, and from then on adds every frame the
 * server sends to `tally`. Resolves when subscribed; `onClose` runs when the server drops it.
 */
export function openCountingSocket(
  port: number,
  subscribe: Buffer,
  tally: Tally,
  onClose: () => void,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    let handshake: Buffer | null = Buffer.alloc(0);
    let rest: Buffer | null = null;
    let skip = 0;

    const count = (chunk: Buffer) => {
      let data = chunk;
      if (rest) {
        data = Buffer.concat([rest, chunk]);
        rest = null;
      }
      let at = 0;
      while (at < data.length) {
        if (skip > 0) {
          const n = Math.min(skip, data.length - at);
          skip -= n;
          at += n;
          continue;
        }
        const available = data.length - at;
        if (available < 2) {
          rest = Buffer.from(data.subarray(at));
          return;
        }
        const opcode = (data[at] as number) & 0x0f;
        const short = (data[at + 1] as number) & 0x7f;
        const headerBytes = short === 127 ? 10 : short === 126 ? 4 : 2;
        if (available < headerBytes) {
          rest = Buffer.from(data.subarray(at));
          return;
        }
        const length =
          short === 127
            ? Number(data.readBigUInt64BE(at + 2))
            : short === 126
              ? data.readUInt16BE(at + 2)
              : short;
        if (available < headerBytes + Math.min(length, peek)) {
          rest = Buffer.from(data.subarray(at));
          return;
        }
        const body = at + headerBytes;
        if (opcode === 0x1) {
          // `{"channel"…` is data; `{"op":"pong"…` the heartbeat; `{"op":"error"…` a refusal.
          if (data[body + 1] === quote && data[body + 2] === letterC) {
            tally.frames += 1;
            tally.bytes += length;
          } else if (data[body + 7] === letterP) {
            socket.write(ping());
          } else {
            tally.refusals += 1;
          }
        }
        at = body;
        skip = length;
      }
    };

    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      if (!handshake) return count(chunk);
      handshake = Buffer.concat([handshake, chunk]);
      const end = handshake.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = handshake.subarray(0, end).toString('latin1');
      const after = handshake.subarray(end + 4);
      handshake = null;
      if (!head.startsWith('HTTP/1.1 101')) {
        socket.destroy();
        reject(new Error(head.split('\r\n')[0]));
        return;
      }
      socket.write(subscribe);
      if (after.length > 0) count(after);
      resolve(socket);
    });
    socket.on('error', (error) => {
      if (handshake) reject(error);
    });
    socket.on('close', () => {
      if (handshake) reject(new Error('closed before the upgrade'));
      else onClose();
    });
  });
}
