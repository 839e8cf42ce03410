// The user's positions in every market, newest first, with the ones that closed in the last minutes
// kept in place (their card says how they ended and offers the share card) until dismissed.
import { useRef, useState } from 'react';
import type { ContractPositionRow, ContractTradeView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useNow } from '../ui/use-now.ts';
import { PositionCard } from './PositionCard.tsx';

/** How long a closed position's card stays unless dismissed. */
const endedShownMs = 10 * 60_000;

export function PositionList(props: { view: ContractTradeView }) {
  const { t } = useTranslation();
  const { view } = props;
  const now = useNow(30_000);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  // The last open state of each position, so a closed one's card still says what it was.
  const lastSeen = useRef(new Map<number, ContractPositionRow>());
  for (const row of view.positions) lastSeen.current.set(row.id, row);

  const open = new Set(view.positions.map((row) => row.id));
  const ended = view.ended.filter(
    (row) =>
      !open.has(row.id) &&
      !dismissed.has(row.id) &&
      now - row.closedAt < endedShownMs &&
      lastSeen.current.has(row.id),
  );
  if (view.positions.length === 0 && ended.length === 0) {
    return <p className="list-status">{t('contract.noPositions')}</p>;
  }
  const dismiss = (id: number) => setDismissed((shown) => new Set([...shown, id]));
  return (
    <ul className="contract-positions" data-testid="contract-positions">
      {view.positions.map((row) => (
        <PositionCard
          key={row.id}
          row={row}
          ended={null}
          available={view.available?.shown ?? null}
          onDismiss={dismiss}
        />
      ))}
      {ended.map((row) => {
        const seen = lastSeen.current.get(row.id);
        return seen ? (
          <PositionCard
            key={row.id}
            row={seen}
            ended={row}
            available={view.available?.shown ?? null}
            onDismiss={dismiss}
          />
        ) : null;
      })}
    </ul>
  );
}
