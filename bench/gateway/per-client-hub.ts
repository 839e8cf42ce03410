// The naive fan-out the gateway is measured against: the same hub (subscriptions, sequence
// numbers, delivery) but every subscriber's frame serialised on its own, as a gateway that builds
// a message per socket would.
import { ChannelHub, encodeFrame, type Peer } from '../../server/gateway/channel-hub.ts';

export class PerClientHub extends ChannelHub {
  protected override fanOut(
    peers: ReadonlySet<Peer>,
    channel: string,
    seq: number,
    ts: number,
    data: unknown,
  ): void {
    for (const peer of peers) peer.deliver(encodeFrame(channel, seq, ts, data));
  }
}
