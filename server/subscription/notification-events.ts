// The pre-sales' notifications (docs/notifications.md): a user's tokens distributed, told from the
// `subscription-updates` frame that carries their record at distribution, with the tokens
// credited and the USDT released; a commitment that won no tokens is told as refunded. Declared
// to the notification centre by the module.
import { parseAmount } from '../../core/money.ts';
import { channelData } from '../../schemas/channel-data.ts';
import type { FrameEvent } from '../notifications/frame-events.ts';

export function subscriptionFrameEvents(data: unknown): FrameEvent[] {
  const parsed = channelData['subscription-updates'].safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.flatMap((record) => {
    if (record.winning === null) return [];
    const won = (parseAmount(record.winning) ?? 0n) > 0n;
    return [
      {
        key: `subscription:${record.project_id}`,
        event: {
          kind: won ? 'subscription_distributed' : 'subscription_refunded',
          params: {
            id: record.project_id,
            asset: record.asset,
            quantity: record.winning,
            payout: record.refund ?? '0',
          },
        },
      },
    ];
  });
}
