// Where a project stands by the page's own clock, between the server's answers: its stage as last
// listed, moved on by the times it lists. A pre-sale whose end has passed is over (its allocation
// is being computed) even before the list says so, so the page never shows "Ends in 00:00:00" with
// a Commit button; an allocation whose distribution time has passed is being distributed.
import type { SubscriptionProjectRow } from '../../workers/facade.ts';

export type SubscriptionPhase =
  | 'upcoming'
  | 'presale'
  /** The pre-sale ended: no commitment is taken; the allocation is being computed. */
  | 'allocating'
  /** Allocated by the rule; distribution at its time. */
  | 'allocated'
  /** The distribution time passed; tokens and refunds are on their way. */
  | 'distributing'
  | 'distributed';

type Times = Pick<SubscriptionProjectRow, 'stage' | 'end' | 'distribute'>;

export function phaseOf(project: Times, now: number): SubscriptionPhase {
  switch (project.stage) {
    case 'presale':
      return now < project.end ? 'presale' : 'allocating';
    case 'finish':
      return now < project.distribute ? 'allocated' : 'distributing';
    case 'winning':
      return 'distributed';
    default:
      return 'upcoming';
  }
}

/** The moment a phase's countdown counts to; none once there is nothing left to wait for. */
export function countdownOf(
  project: Pick<SubscriptionProjectRow, 'start' | 'end' | 'distribute'>,
  phase: SubscriptionPhase,
): { moment: 'start' | 'end' | 'distribute'; at: number } | null {
  switch (phase) {
    case 'upcoming':
      return { moment: 'start', at: project.start };
    case 'presale':
      return { moment: 'end', at: project.end };
    case 'allocated':
      return { moment: 'distribute', at: project.distribute };
    default:
      return null;
  }
}

/** A record's stage as a phase, where no times come with it. */
export function phaseOfStage(stage: SubscriptionProjectRow['stage']): SubscriptionPhase {
  switch (stage) {
    case 'presale':
      return 'presale';
    case 'finish':
      return 'allocated';
    case 'winning':
      return 'distributed';
    default:
      return 'upcoming';
  }
}
