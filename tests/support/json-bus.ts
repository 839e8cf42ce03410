// The in-process bus, encoding each message as NATS does: what arrives went through JSON, so a
// test sees what a follower on another node would (no bigint, no shared objects).
import type { Bus } from '../../server/bus/bus.ts';
import { LocalBus } from '../../server/bus/local-bus.ts';

export function jsonBus(): Bus {
  const bus = new LocalBus();
  return {
    kind: bus.kind,
    publish: (subject, message) => bus.publish(subject, JSON.parse(JSON.stringify(message))),
    subscribe: (subject, handler) => bus.subscribe(subject, handler),
    serve: (subject, handler) => bus.serve(subject, handler),
    request: (subject, message, timeoutMs) => bus.request(subject, message, timeoutMs),
    health: () => bus.health(),
    close: () => bus.close(),
  };
}
