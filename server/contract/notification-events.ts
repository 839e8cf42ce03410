// The perpetual contract's notifications (docs/notifications.md): a position closed, whole or in
// part, by its liquidation, its take-profit or its stop-loss, told from the `contract-orders`
// frame that carries the closing order done with a fill: the market, what it closed and at what
// average price. A trigger that found nothing to close tells nothing. Declared to the
// notification centre by the module.
import { contractOrdersDataSchema } from '../../schemas/api/contract-book.schema.ts';
import type { FrameEvent } from '../notifications/frame-events.ts';

const kinds = {
  liquidation: 'position_liquidated',
  tp: 'take_profit_triggered',
  sl: 'stop_loss_triggered',
} as const;

const isClosing = (purpose: string): purpose is keyof typeof kinds => purpose in kinds;
/** A decimal string that is zero (`0`, `0.00000000`). */
const isZero = (amount: string) => /^0(\.0+)?$/.test(amount);

export function contractFrameEvents(data: unknown): FrameEvent[] {
  const parsed = contractOrdersDataSchema.safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.flatMap((order) => {
    const done = order.status === 'filled' || order.status === 'cancelled';
    if (!isClosing(order.purpose) || !done || isZero(order.filled_quantity)) return [];
    return [
      {
        key: `contract-order:${order.id}`,
        event: {
          kind: kinds[order.purpose],
          params: {
            symbol: order.symbol,
            quantity: order.filled_quantity,
            price: order.avg_price,
          },
        },
      },
    ];
  });
}
