// What the notification centre records, read from the frames the other modules already send their
// users (server/bus/private-over-bus.ts carries them to every node): a deposit credited, a
// withdrawal approved, sent, failed or rejected, and the verification's decision. Each frame says
// how the thing now stands; each event gets a key naming it, so a frame sent again (a deposit
// published twice, every node hearing the same frame) records it once. Only figures are taken: a
// rejection's reason, written by an operator, stays on the withdrawal's or verification's page.
// A product declares the events its own frames tell of with `declareFrameEvents`, from its own
// folder, so this file names none.
import type { NotificationEvent } from '../../schemas/api/notifications.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import type { PrivateChannel } from '../../schemas/channels.ts';

export interface FrameEvent {
  /** Unique per user: the event, however often it is heard. */
  key: string;
  event: NotificationEvent;
}

const withdrawalKinds = {
  approved: 'withdrawal_approved',
  sent: 'withdrawal_sent',
  failed: 'withdrawal_failed',
  rejected: 'withdrawal_rejected',
} as const;

/** Reads a frame's data as its channel has it; answers the events it tells of. */
export type FrameEventReader = (data: unknown) => FrameEvent[];

/** The readers of the channels whose frames tell of events, beyond the wallet's and verification's. */
const declared = new Map<string, FrameEventReader>();

/**
 * Declares which of a module's frames are notifications: every frame on `channel` is read by
 * `read`. Declaring a channel again replaces its reader (every app in one process declares it).
 */
export function declareFrameEvents(channel: PrivateChannel, read: FrameEventReader): void {
  declared.set(channel, read);
}

/** The events a user's frame on `channel` tells of; none for a channel or a state not recorded. */
export function frameEvents(channel: string, data: unknown): FrameEvent[] {
  switch (channel) {
    case 'deposits': {
      const parsed = channelData.deposits.safeParse(data);
      if (!parsed.success) return [];
      return parsed.data
        .filter((deposit) => deposit.status === 'credited')
        .map(({ id, asset, amount }) => ({
          key: `deposit:${id}`,
          event: { kind: 'deposit_credited', params: { id, asset, amount } },
        }));
    }
    case 'withdrawals': {
      const parsed = channelData.withdrawals.safeParse(data);
      if (!parsed.success) return [];
      return parsed.data.flatMap(({ id, asset, amount, status }) => {
        if (!(status in withdrawalKinds)) return [];
        const kind = withdrawalKinds[status as keyof typeof withdrawalKinds];
        return [
          { key: `withdrawal:${id}:${status}`, event: { kind, params: { id, asset, amount } } },
        ];
      });
    }
    case 'kyc': {
      const parsed = channelData.kyc.safeParse(data);
      if (!parsed.success) return [];
      const { status, reviewed_at } = parsed.data;
      if (status !== 'verified' && status !== 'rejected') return [];
      // A user may be rejected, send again and be decided on again: each decision is its own.
      const kind = status === 'verified' ? 'verification_approved' : 'verification_rejected';
      return [{ key: `kyc:${status}:${reviewed_at ?? ''}`, event: { kind, params: {} } }];
    }
    default:
      return declared.get(channel)?.(data) ?? [];
  }
}
