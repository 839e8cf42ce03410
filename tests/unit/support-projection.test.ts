// The support conversation's fold: seeded by the list, grown by sends and socket frames, each
// message once and in order, and cleared at logout.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../core/event-log.ts';
import { foldSupport, initialSupport } from '../../core/projections/support.ts';

let seq = 0;
const event = (source: LoggedEvent['source'], type: string, payload: unknown): LoggedEvent => ({
  seq: ++seq,
  at: 0,
  source,
  type,
  payload,
});
const message = (id: number, from: 'user' | 'operator' = 'user') => ({
  id,
  from,
  text: `m${id}`,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('foldSupport', () => {
  it('merges the list, sends and frames oldest first without duplicates', () => {
    let view = foldSupport(
      initialSupport,
      event('api', 'support-messages', { list: [message(2), message(1)] }),
    );
    view = foldSupport(view, event('api', 'support-sent', message(3)));
    view = foldSupport(view, event('socket', 'frame', { channel: 'support', data: [message(3)] }));
    view = foldSupport(
      view,
      event('socket', 'frame', { channel: 'support', data: [message(4, 'operator')] }),
    );
    expect(view.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(view.messages.at(-1)?.from).toBe('operator');
  });

  it('ignores other channels and malformed frames, and forgets everything at logout', () => {
    const seeded = foldSupport(initialSupport, event('api', 'support-sent', message(1)));
    expect(
      foldSupport(seeded, event('socket', 'frame', { channel: 'orders', data: [message(9)] })),
    ).toBe(seeded);
    expect(
      foldSupport(seeded, event('socket', 'frame', { channel: 'support', data: [{ id: 'x' }] })),
    ).toBe(seeded);
    expect(foldSupport(seeded, event('intent', 'logout', null))).toBe(initialSupport);
  });
});
