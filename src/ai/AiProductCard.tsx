// A fixed-term product as a card: its days and fixed yearly rate, the amounts it takes, the quota
// left (with the share sold as a bar), whether it is on sale, and what its minimum earns a day.
import type { ReactNode } from 'react';
import type { AiProductRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Fact } from '../ui/Fact.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { AiTerm } from './AiTerm.tsx';

export function AiProductCard(props: {
  row: AiProductRow;
  children?: ReactNode;
  /** The name's heading level: a card that leads its page sits right under the page's h1. */
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const { row } = props;
  const Heading = props.heading ?? 'h3';
  const id = row.id;
  return (
    <article className="card item-card" data-testid={`ai-product-${id}`}>
      <header className="item-card__head">
        <Heading className="item-card__name">
          {row.name} <span className="item-card__sub">{row.asset}</span>
        </Heading>
        <span className={row.open ? 'status-pill status-pill--waiting' : 'status-pill'}>
          {row.open ? t('ai.open') : t('ai.closed')}
        </span>
      </header>
      <dl className="facts">
        <AiTerm days={row.days} testId={`ai-days-${id}`} />
        <Fact label={t('ai.apr')} value={row.apr} testId={`ai-apr-${id}`} />
        <Fact
          label={t('ai.limits')}
          value={`${row.min.shown} – ${row.max.shown}`}
          unit={row.asset}
        />
        <Fact
          label={t('ai.remaining')}
          value={row.remaining.shown}
          unit={row.asset}
          testId={`ai-remaining-${id}`}
        />
        <Fact
          label={t('ai.dailyPerMin', { amount: row.min.shown })}
          value={row.dailyPerMin}
          unit={row.asset}
        />
      </dl>
      <ProgressBar
        label={t('ai.sold')}
        width={row.soldWidth}
        text={row.sold}
        testId={`ai-sold-${id}`}
      />
      {props.children}
    </article>
  );
}
