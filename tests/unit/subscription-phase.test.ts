// A project's phase by the page's clock: a pre-sale listed as running is over once its end has
// passed (the walkthrough saw "Ends in 00:00:00" with a Commit button), and an allocation past its
// distribution time is being distributed; a countdown only counts to a moment still ahead.
import { describe, expect, it } from 'vitest';
import { countdownOf, phaseOf } from '../../src/subscription/phase.ts';

const times = { start: 1_000, end: 2_000, distribute: 3_000 };

describe('a pre-sale project’s phase', () => {
  it('ends the pre-sale at its end time, whatever the list last said', () => {
    expect(phaseOf({ ...times, stage: 'presale' }, 1_999)).toBe('presale');
    expect(phaseOf({ ...times, stage: 'presale' }, 2_000)).toBe('allocating');
    expect(countdownOf(times, 'allocating')).toBeNull();
  });

  it('follows an allocation to its distribution', () => {
    expect(phaseOf({ ...times, stage: 'finish' }, 2_500)).toBe('allocated');
    expect(countdownOf(times, 'allocated')).toEqual({ moment: 'distribute', at: 3_000 });
    expect(phaseOf({ ...times, stage: 'finish' }, 3_000)).toBe('distributing');
    expect(countdownOf(times, 'distributing')).toBeNull();
    expect(phaseOf({ ...times, stage: 'winning' }, 9_000)).toBe('distributed');
  });

  it('counts an upcoming pre-sale to its start and a running one to its end', () => {
    expect(phaseOf({ ...times, stage: 'upcoming' }, 500)).toBe('upcoming');
    expect(countdownOf(times, 'upcoming')).toEqual({ moment: 'start', at: 1_000 });
    expect(countdownOf(times, 'presale')).toEqual({ moment: 'end', at: 2_000 });
  });
});
