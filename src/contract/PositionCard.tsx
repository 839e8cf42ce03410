// One position as traders read it: market, direction, margin mode and leverage; unrealized PnL and
// ROE; size, margin and margin ratio; entry, mark and liquidation price ("--" when it cannot be
// liquidated); TP/SL. Its actions (TP/SL, margin for isolated, close, share) run through the
// position's machine, which also shows how it ended once the channel closes it.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ContractPositionRow, EndedPositionRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { Fact } from '../ui/Fact.tsx';
import { CloseSheet } from './CloseSheet.tsx';
import { shareSearch } from './contract-query.ts';
import { MarginSheet } from './MarginSheet.tsx';
import { PositionBadges } from './PositionBadges.tsx';
import { TpSlSheet } from './TpSlSheet.tsx';
import { usePosition } from './use-position.ts';

type Sheet = 'tpsl' | 'margin' | 'close' | null;

export function PositionCard(props: {
  /** The position as last seen open (kept once it closed, to say what closed). */
  row: ContractPositionRow;
  ended: EndedPositionRow | null;
  available: string | null;
  onDismiss(id: number): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { row, ended } = props;
  const { snapshot, send } = usePosition(row.id, row.symbol, ended ? ended.reason : false);
  const [sheet, setSheet] = useState<Sheet>(null);
  const state = snapshot.value as string;
  const { message, uncertain } = snapshot.context;
  const finished = snapshot.matches('closed') || snapshot.matches('liquidated');
  const reason = ended?.reason ?? snapshot.context.reason;
  const busy = snapshot.matches('adjusting') || snapshot.matches('closing');
  const share = () =>
    void navigate({
      to: routes.contractShare.path,
      search: shareSearch({ kind: finished ? 'closed' : 'open', id: row.id }),
    });

  return (
    <li
      className={`contract-position contract-position--${row.direction}`}
      data-testid={`contract-position-${row.id}`}
      data-state={state}
    >
      <div className="contract-position__head">
        <PositionBadges
          symbol={row.symbol}
          direction={row.direction}
          marginMode={row.marginMode}
          leverage={row.leverage}
        />
        <button
          type="button"
          className="text-button"
          data-testid={`position-share-${row.id}`}
          onClick={share}
        >
          {t('contract.share')}
        </button>
      </div>
      {finished ? (
        <div className="contract-position__ended" role="status">
          <span data-testid={`position-ended-${row.id}`}>
            {/* One reason, once the history names it (the view's, which may come after the
                channel said it closed); until then only that it ended. */}
            {reason
              ? t(`contract.reasons.${reason}`)
              : snapshot.matches('liquidated')
                ? t('contract.ended.liquidated')
                : t('contract.ended.closed')}
          </span>
          <button type="button" className="text-button" onClick={() => props.onDismiss(row.id)}>
            {t('contract.ended.dismiss')}
          </button>
        </div>
      ) : (
        <>
          <dl className="contract-position__figures">
            <Fact
              label={t('contract.pnl')}
              value={row.pnl}
              sign={row.pnlSign}
              testId={`position-pnl-${row.id}`}
            />
            <Fact
              label={t('contract.roe')}
              value={row.roe}
              sign={row.pnlSign}
              testId={`position-roe-${row.id}`}
            />
            <Fact
              label={t('contract.size', { asset: row.base })}
              value={row.quantity}
              testId={`position-qty-${row.id}`}
            />
            <Fact
              label={t('contract.margin.label')}
              value={row.margin}
              testId={`position-margin-${row.id}`}
            />
            <Fact
              label={t('contract.marginRatio')}
              value={row.marginRatio}
              testId={`position-ratio-${row.id}`}
            />
            <Fact
              label={t('contract.entry')}
              value={row.entry}
              testId={`position-entry-${row.id}`}
            />
            <Fact label={t('contract.mark')} value={row.mark} testId={`position-mark-${row.id}`} />
            <Fact
              label={t('contract.liquidation')}
              value={row.liquidation}
              testId={`position-liq-${row.id}`}
            />
            <Fact
              label={t('contract.tpsl.short')}
              value={
                row.tpslQuantity === null
                  ? `${row.tp} / ${row.sl}`
                  : `${row.tp} / ${row.sl} (${row.tpslQuantity})`
              }
              testId={`position-tpsl-${row.id}`}
            />
          </dl>
          {(message || uncertain) && (
            <p className="field__problem" role="alert" data-testid={`position-message-${row.id}`}>
              {message || t('contract.follow.uncertain')}
            </p>
          )}
          <div className="contract-position__actions">
            <button
              type="button"
              className="button button--ghost"
              data-testid={`position-edit-tpsl-${row.id}`}
              disabled={busy}
              onClick={() => setSheet('tpsl')}
            >
              {t('contract.tpsl.short')}
            </button>
            {row.marginMode === 'isolated' && (
              <button
                type="button"
                className="button button--ghost"
                data-testid={`position-edit-margin-${row.id}`}
                disabled={busy}
                onClick={() => setSheet('margin')}
              >
                {t('contract.margin.label')}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost"
              data-testid={`position-close-${row.id}`}
              disabled={busy}
              onClick={() => setSheet('close')}
            >
              {busy && snapshot.matches('closing')
                ? t('trade.sending')
                : t('contract.close.action')}
            </button>
          </div>
        </>
      )}
      {sheet === 'tpsl' && (
        <TpSlSheet position={row} onClose={() => setSheet(null)} onDone={() => setSheet(null)} />
      )}
      {sheet === 'margin' && (
        <MarginSheet
          position={row}
          available={props.available}
          onClose={() => setSheet(null)}
          onConfirm={(action, amount) => {
            send({ type: 'ADJUST', change: { kind: 'margin', action, amount } });
            setSheet(null);
          }}
        />
      )}
      {sheet === 'close' && (
        <CloseSheet
          position={row}
          onClose={() => setSheet(null)}
          onConfirm={(close) => {
            send({ type: 'CLOSE', close });
            setSheet(null);
          }}
        />
      )}
    </li>
  );
}
