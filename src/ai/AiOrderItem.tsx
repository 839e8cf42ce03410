// One of the user's orders: the product, principal, rate and term, what has been paid and the next
// payment, when it matures, and how it ended (matured, or withdrawn early with what it returned,
// said first; a withdrawn order no longer shows a maturity or rewards it will not earn).
// Its schedule opens beneath it; an active one leads to its early withdrawal.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { withUnit } from '../../core/figures.ts';
import type { AiOrderRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { Fact } from '../ui/Fact.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { AccrualTable } from './AccrualTable.tsx';
import { AiTerm } from './AiTerm.tsx';

const pills = {
  active: 'status-pill status-pill--waiting',
  finished: 'status-pill status-pill--done',
  withdrawn: 'status-pill',
} as const;

export function AiOrderItem(props: {
  row: AiOrderRow;
  scheduleOpen?: boolean;
  /** Whether an active order offers its early withdrawal (not on that page itself). */
  withdrawLink?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { row } = props;
  const id = row.id;
  const [open, setOpen] = useState(props.scheduleOpen ?? false);
  const locale = useFigureLocale();
  const withdrawn = row.status === 'withdrawn';
  return (
    <li className="card item-card" data-testid={`ai-order-${id}`} data-status={row.status}>
      <header className="item-card__head">
        <h3 className="item-card__name">
          {row.name} <span className="item-card__sub">#{id}</span>
        </h3>
        <span className={pills[row.status]}>{t(`ai.status.${row.status}`)}</span>
      </header>
      {withdrawn && row.withdrawn && (
        <p className="note" data-testid={`ai-withdrawn-note-${id}`}>
          {t('ai.withdrawal.done', { amount: withUnit(row.withdrawn, row.asset, locale) })}
        </p>
      )}
      <dl className="facts">
        <Fact
          label={t('ai.principal')}
          value={row.principal}
          unit={row.asset}
          testId={`ai-principal-${id}`}
        />
        <Fact label={t('ai.apr')} value={row.apr} />
        <AiTerm days={row.days} />
        <Fact label={t('ai.boughtAt')} value={row.boughtAt} />
        {!withdrawn && (
          <Fact label={t('ai.maturesAt')} value={row.maturesAt} testId={`ai-matures-${id}`} />
        )}
        <Fact
          label={t('ai.paid', { paid: row.paidDays, count: row.days })}
          value={row.paid}
          unit={row.asset}
          testId={`ai-paid-${id}`}
        />
        {!withdrawn && (
          <Fact
            label={t('ai.rewards')}
            value={row.rewards}
            unit={row.asset}
            testId={`ai-rewards-${id}`}
          />
        )}
        {row.nextPayment && (
          <Fact
            label={t('ai.nextPayment', { date: row.nextPayment.date })}
            value={row.nextPayment.amount}
            unit={row.asset}
          />
        )}
        {row.withdrawn && (
          <Fact
            label={t('ai.withdrawn')}
            value={row.withdrawn}
            unit={row.asset}
            testId={`ai-withdrawn-${id}`}
          />
        )}
      </dl>
      <div className="item-card__actions">
        <button
          type="button"
          className="text-button"
          aria-expanded={open}
          data-testid={`ai-schedule-toggle-${id}`}
          onClick={() => setOpen(!open)}
        >
          {open ? t('ai.schedule.hide') : t('ai.schedule.show')}
        </button>
        {row.status === 'active' && props.withdrawLink !== false && (
          <button
            type="button"
            className="text-button"
            data-testid={`ai-withdraw-${id}`}
            onClick={() => void navigate({ to: routes.aiWithdraw.path, search: { id } })}
          >
            {t('ai.withdrawEarly')}
          </button>
        )}
      </div>
      {open && <AccrualTable rows={row.schedule} testId={`ai-schedule-${id}`} />}
    </li>
  );
}
