// Property: across any sequence of opens, drops and sends, every message is delivered once, in order.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { socketState } from '../../core/socket-policy.ts';
import { MarketSocket } from '../../workers/kernel/market-socket.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { fakeSockets } from '../support/fake-socket.ts';

type Step =
  | { kind: 'send' }
  | { kind: 'open' }
  | { kind: 'drop' }
  | { kind: 'die' }
  | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'send' }),
  fc.constant<Step>({ kind: 'open' }),
  fc.constant<Step>({ kind: 'drop' }),
  fc.constant<Step>({ kind: 'die' }),
  fc.integer({ min: 1, max: 70_000 }).map<Step>((ms) => ({ kind: 'wait', ms })),
);

it('delivers every message sent while closed exactly once and in order', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
      const scheduler = new FakeScheduler();
      const sockets = fakeSockets();
      const market = new MarketSocket({
        url: 'ws://test/ws',
        createSocket: sockets.create,
        scheduler,
        onFrame: () => {},
        onProblem: () => {},
        onOpenChange: () => {},
      });
      market.start();
      let sent = 0;
      for (const s of steps) {
        const socket = sockets.latest;
        if (s.kind === 'send') market.send({ op: 'auth', token: String(sent++) });
        else if (s.kind === 'open' && socket.readyState === socketState.connecting)
          socket.serverOpens();
        else if (s.kind === 'drop' && socket.readyState === socketState.open) socket.drops();
        else if (s.kind === 'die' && socket.readyState === socketState.open) socket.diesSilently();
        else if (s.kind === 'wait') scheduler.advance(s.ms);
      }
      // Let the network come back for good.
      for (let i = 0; i < 10 && sockets.latest.readyState !== socketState.open; i++) {
        if (sockets.latest.readyState === socketState.connecting) sockets.latest.serverOpens();
        else scheduler.advance(3000);
      }
      const delivered = sockets.made.flatMap((socket) =>
        socket.sent.flatMap((frame) => {
          const f = frame as { op: string; token?: string };
          return f.op === 'auth' ? [Number(f.token)] : [];
        }),
      );
      expect(delivered).toEqual([...Array(sent).keys()]);
    }),
    { numRuns: 2000 },
  );
});
