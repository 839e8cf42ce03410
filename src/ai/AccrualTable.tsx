// A schedule as a table: each day with the date its reward is credited (00:00 UTC) and how much,
// paid ones marked, and those a withdrawal left unpaid marked as never to be paid; all of it, as
// it was fixed at purchase or would be if bought now.

import type { AccrualRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';
import './ai.css';

export function AccrualTable(props: { rows: readonly AccrualRow[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="data-table-wrap">
      <table className="data-table" data-testid={props.testId}>
        <caption className="visually-hidden">{t('ai.schedule.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ai.schedule.day')}</th>
            <th scope="col">{t('ai.schedule.date')}</th>
            <th scope="col">{t('ai.schedule.amount')}</th>
            <th scope="col">{t('ai.schedule.state')}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr
              key={row.day}
              className={row.paid ? 'data-table__row--done' : undefined}
              data-paid={row.paid}
              data-forgone={row.forgone}
            >
              <td>
                <Figure>{row.day}</Figure>
              </td>
              <td>
                <Figure>{row.date}</Figure>
              </td>
              <td>
                <Figure>{row.amount}</Figure>
              </td>
              <td>
                {row.paid
                  ? t('ai.schedule.paid')
                  : row.forgone
                    ? t('ai.schedule.forgone')
                    : t('ai.schedule.due')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
