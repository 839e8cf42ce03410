// One contract as a trader follows it: market, up or down, duration and rate; while it runs, the
// time left, its opening print once recorded, and what a win pays; once settled, both prints, how
// it ended and what it paid. Its state is the contract's machine; Verify opens the recomputation.
import { memo, type ReactNode } from 'react';
import { dash } from '../../core/figures.ts';
import type { OptionContractRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { countdownText } from '../ui/Countdown.tsx';
import { Figure } from '../ui/Figures.tsx';
import { useOptionContract } from './use-option-contract.ts';

export const OptionContractItem = memo(function OptionContractItem(props: {
  row: OptionContractRow;
  onVerify(id: number): void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const { state, now } = useOptionContract(row);
  const running = state === 'placed' || state === 'open' || state === 'settling';
  const id = row.id;
  return (
    <li
      className={`option-contract option-contract--${row.direction}`}
      data-testid={`option-contract-${id}`}
      data-state={state}
    >
      <div className="option-contract__head">
        <span className="option-contract__pair">{displaySymbol(row.symbol)}</span>
        <span className={`side-badge side-badge--${row.direction}`}>
          {row.direction === 'up' ? '▲' : '▼'} {t(`option.${row.direction}`)}
        </span>
        <span className="side-badge">
          {t(`option.duration.${row.unit}`, { count: row.length })} · <Figure>{row.rate}</Figure>
        </span>
        <span
          className={`option-state option-state--${state}`}
          data-testid={`option-state-${id}`}
          role="status"
        >
          {t(`option.state.${state}`)}
        </span>
      </div>
      <dl className="option-contract__figures">
        {running ? (
          <Cell label={t('option.timeLeft')}>
            <Figure testId={`option-countdown-${id}`}>{countdownText(row.expiryTime, now)}</Figure>
          </Cell>
        ) : (
          <Cell label={t('option.result')}>
            <Figure
              testId={`option-result-${id}`}
              className={
                row.resultSign > 0 ? 'option-gain' : row.resultSign < 0 ? 'option-loss' : undefined
              }
            >
              {row.result ?? dash}
            </Figure>
          </Cell>
        )}
        <Cell label={t('option.stake')}>
          <Figure testId={`option-stake-${id}`}>{row.stake}</Figure>
        </Cell>
        {running ? (
          <Cell label={t('option.winPays')}>
            <Figure>{row.winPays}</Figure>
          </Cell>
        ) : (
          <Cell label={t('option.paid')}>
            <Figure testId={`option-paid-${id}`}>{row.payout ?? dash}</Figure>
          </Cell>
        )}
        <Cell label={t('option.opening')}>
          {row.opening ? (
            <>
              <Figure testId={`option-opening-${id}`}>{row.opening.price}</Figure>
              <span className="option-contract__time">
                <Figure>{row.opening.time}</Figure>
              </span>
            </>
          ) : (
            <span className="option-contract__waiting" data-testid={`option-opening-${id}`}>
              {state === 'placed' || state === 'settling'
                ? t('option.awaitingPrint')
                : t('option.noPrint')}
            </span>
          )}
        </Cell>
        <Cell label={t('option.settlement')}>
          {row.settlement ? (
            <>
              <Figure testId={`option-settlement-${id}`}>{row.settlement.price}</Figure>
              <span className="option-contract__time">
                <Figure>{row.settlement.time}</Figure>
              </span>
            </>
          ) : (
            <span className="option-contract__waiting">
              {running ? t('option.atExpiry') : t('option.noPrint')}
            </span>
          )}
        </Cell>
        <Cell label={t('option.openTime')}>
          <Figure testId={`option-open-time-${id}`}>{row.openTimeText}</Figure>
        </Cell>
        <Cell label={t('option.expiry')}>
          <Figure testId={`option-expiry-${id}`}>{row.expiryTimeText}</Figure>
        </Cell>
      </dl>
      <button
        type="button"
        className="text-button option-contract__verify"
        data-testid={`option-verify-${id}`}
        onClick={() => props.onVerify(id)}
      >
        {t('option.verify')}
      </button>
    </li>
  );
});

function Cell(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}
