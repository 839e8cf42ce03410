// A pre-sale project and a user's record as the wire carries them: the stage from the project's
// times and what has been done, progress as committed ÷ the supply's value, and a record's profit
// at the token's spot price once it trades here.
import { displayAmount } from '../../core/money.ts';
import { type Allocation, tokenUnit } from '../../core/subscription/allocation.ts';
import type {
  SubscriptionProject,
  SubscriptionRecord,
  SubscriptionStage,
} from '../../schemas/api/subscription.schema.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Commitment, Project } from './subscription-store.ts';

export function stageOf(project: Project, now: number): SubscriptionStage {
  if (now < project.start) return 'upcoming';
  if (now < project.end) return 'presale';
  return project.distributedAt === null ? 'finish' : 'winning';
}

/** `numerator ÷ denominator` as a decimal string of four places, rounded down. */
function ratio(numerator: bigint, denominator: bigint): string {
  if (denominator === 0n) return '0';
  const scaled = (numerator * 10_000n) / denominator;
  const sign = scaled < 0n ? '-' : '';
  const magnitude = scaled < 0n ? -scaled : scaled;
  return `${sign}${magnitude / 10_000n}.${(magnitude % 10_000n).toString().padStart(4, '0')}`;
}

export function projectView(project: Project, now: number): SubscriptionProject {
  const value = (project.supply * project.price) / tokenUnit;
  return {
    id: project.id,
    name: project.name,
    asset: project.asset,
    price: displayAmount(project.price),
    supply: displayAmount(project.supply),
    cap: displayAmount(project.cap),
    committed: displayAmount(project.committed),
    participants: project.participants,
    progress: ratio(project.committed, value),
    start: new Date(project.start).toISOString(),
    end: new Date(project.end).toISOString(),
    distribute: new Date(project.distribute).toISOString(),
    stage: stageOf(project, now),
  };
}

/** `allocation`: the commitment's, once the pre-sale ended; `spot`: the token's price here. */
export function recordView(
  project: Project,
  commitment: Commitment,
  allocation: Allocation | null,
  now: number,
  spot: bigint | null,
): SubscriptionRecord {
  const profit =
    allocation && spot !== null ? (allocation.tokens * spot) / tokenUnit - allocation.cost : null;
  return {
    project_id: project.id,
    name: project.name,
    asset: project.asset,
    price: displayAmount(project.price),
    payment: displayAmount(commitment.committed),
    winning: allocation ? displayAmount(allocation.tokens) : null,
    refund: allocation ? displayAmount(allocation.refund) : null,
    profit: profit === null ? null : displayAmount(profit),
    profit_ratio: profit === null || !allocation?.cost ? null : ratio(profit, allocation.cost),
    stage: stageOf(project, now),
    committed_at: new Date(commitment.committedAt).toISOString(),
  };
}

/** A token's last price here in USDT atoms, when it trades; else null. */
export function spotPrice(market: MarketService, asset: string): bigint | null {
  const state = market.market(`${asset}USDT`);
  const last = state?.last;
  return state && last ? BigInt(last.price) * 10n ** BigInt(8 - state.spec.priceScale) : null;
}
