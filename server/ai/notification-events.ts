// The AI products' notifications (docs/notifications.md): an order matured, told from the
// `ai-order-updates` frame that carries it finished, with its principal returned and what it
// earned in all. Declared to the notification centre by the module.
import { channelData } from '../../schemas/channel-data.ts';
import type { FrameEvent } from '../notifications/frame-events.ts';

export function aiFrameEvents(data: unknown): FrameEvent[] {
  const parsed = channelData['ai-order-updates'].safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.flatMap((order) =>
    order.status === 'finished'
      ? [
          {
            key: `ai:${order.id}`,
            event: {
              kind: 'ai_matured',
              params: {
                id: order.id,
                asset: order.asset,
                amount: order.principal,
                earned: order.paid,
              },
            },
          },
        ]
      : [],
  );
}
