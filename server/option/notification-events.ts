// The second contract's notifications (docs/notifications.md): a contract settled, told from the
// `options` frame that carries it settled, as won, lost or refunded (its stake returned), with the
// market, the stake and what was paid back. Declared to the notification centre by the module.

import { optionsDataSchema } from '../../schemas/api/option.schema.ts';
import type { FrameEvent } from '../notifications/frame-events.ts';

const kinds = {
  win: 'option_won',
  lose: 'option_lost',
  refund: 'option_refunded',
  void: 'option_refunded',
} as const;

export function optionFrameEvents(data: unknown): FrameEvent[] {
  const parsed = optionsDataSchema.safeParse(data);
  if (!parsed.success) return [];
  return parsed.data.flatMap((contract) => {
    if (contract.status !== 'settled' || contract.outcome === null) return [];
    return [
      {
        key: `option:${contract.id}`,
        event: {
          kind: kinds[contract.outcome],
          params: {
            id: contract.id,
            symbol: contract.symbol,
            stake: contract.stake,
            payout: contract.payout ?? '0',
          },
        },
      },
    ];
  });
}
