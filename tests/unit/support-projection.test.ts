// The support conversation's fold: seeded by the list, grown by sends and socket frames, each
// message once and in order, and cleared at logout.
import { describe, expect, it } from 'vitest';
import { initialSupport, supportFold } from '../../core/projections/support.ts';
import { foldAll, frame, logged, takenFrame } from '../support/events.ts';

const message = (id: number, from: 'user' | 'operator' = 'user') => ({
  id,
  from,
  text: `m${id}`,
  created_at: '2026-01-01T00:00:00.000Z',
});
const page = (list: ReturnType<typeof message>[]) =>
  logged({
    source: 'api',
    type: 'support-messages',
    payload: { list, total: list.length, page: 1, size: 50 },
  });
const sent = (id: number) => logged({ source: 'api', type: 'support-sent', payload: message(id) });

describe('the support fold', () => {
  it('merges the list, sends and frames oldest first without duplicates', () => {
    const view = foldAll(supportFold, [
      page([message(2), message(1)]),
      sent(3),
      takenFrame('support', [message(3)]),
      takenFrame('support', [message(4, 'operator')]),
    ]);
    expect(view.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(view.messages.at(-1)?.from).toBe('operator');
  });

  it('ignores other channels and malformed frames, and forgets everything at logout', () => {
    const seeded = foldAll(supportFold, [sent(1)]);
    const others = [takenFrame('orders', []), frame('support', [{ id: 'x' }])];
    // A frame whose data breaks its channel's schema is refused where it enters.
    expect(
      foldAll(
        supportFold,
        others.flatMap((event) => event ?? []),
        seeded,
      ),
    ).toBe(seeded);
    const logout = logged({ source: 'intent', type: 'logout', payload: null });
    expect(foldAll(supportFold, [logout], seeded)).toBe(initialSupport);
  });
});
