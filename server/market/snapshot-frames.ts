// A book's depth snapshot as a frame, encoded once per book version however many clients
// subscribe at that version (a burst of subscriptions after a restart costs one encoding a book).
import { encodeFrame } from '../gateway/channel-hub.ts';
import { depthSnapshot, type Scales } from './book-rows.ts';
import type { DepthBook } from './depth-book.ts';

export class SnapshotFrames {
  readonly #frames = new Map<string, { version: number; frame: Buffer }>();

  frame(channel: string, book: DepthBook, scales: Scales, now: number): Buffer {
    const cached = this.#frames.get(channel);
    if (cached && cached.version === book.version) return cached.frame;
    const { version, data } = depthSnapshot(book, scales);
    const frame = encodeFrame(channel, version, now, data);
    this.#frames.set(channel, { version, frame });
    return frame;
  }
}
