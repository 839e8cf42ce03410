// A market stream's frames as a client gets them, cut from the hub's frame without parsing it: the
// hub encodes each event once for every subscriber (server/gateway/channel-hub.ts), and a Binance
// client gets its bytes raw, or wrapped once per frame for a combined stream.

const dataKey = Buffer.from(',"data":');
const channelHead = '{"channel":"binance:'.length;

/**
 * A hub frame (`{"channel":"binance:<family>:<name>","seq":…,"ts":…,"data":<event>}`, encoded
 * once per tick for every subscriber) taken apart without parsing it: the event is the bytes
 * after `"data":`, the stream the text after the channel's family.
 */
export function unwrapFrame(frame: Buffer): { stream: string; event: Buffer } {
  const familyEnd = frame.indexOf(':', channelHead);
  const channelEnd = frame.indexOf('"', familyEnd);
  const dataAt = frame.indexOf(dataKey, channelEnd);
  return {
    stream: frame.toString('utf8', familyEnd + 1, channelEnd),
    event: frame.subarray(dataAt + dataKey.length, frame.length - 1),
  };
}

/** A combined stream's frame, built once per hub frame however many clients it goes to. */
const combined = new WeakMap<Buffer, Buffer>();
export function combinedFrame(frame: Buffer, stream: string, event: Buffer): Buffer {
  let built = combined.get(frame);
  if (!built) {
    built = Buffer.concat([
      Buffer.from(`{"stream":${JSON.stringify(stream)},"data":`),
      event,
      Buffer.from('}'),
    ]);
    combined.set(frame, built);
  }
  return built;
}
