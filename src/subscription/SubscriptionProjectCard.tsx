// A pre-sale project as a card: its name and token, its stage, the commitments against the supply
// as a progress bar (past 100 % when oversubscribed), the countdown to what comes next in its phase
// (start, end, distribution) by the page's clock, so an ended pre-sale says so at once, its price,
// supply, cap and participants, and its three times.
import type { ReactNode } from 'react';
import type { SubscriptionProjectRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Countdown } from '../ui/Countdown.tsx';
import { Fact } from '../ui/Fact.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useNow } from '../ui/use-now.ts';
import { countdownOf, phaseOf } from './phase.ts';
import { StagePill } from './StagePill.tsx';
import './subscription.css';

export function SubscriptionProjectCard(props: {
  row: SubscriptionProjectRow;
  /** Under the figures: the card's action. */
  children?: ReactNode;
  /** The name's heading level: a card that leads its page sits right under the page's h1. */
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const { row } = props;
  const Heading = props.heading ?? 'h3';
  const id = row.id;
  const phase = phaseOf(row, useNow());
  const next = countdownOf(row, phase);
  return (
    <article
      className="card item-card"
      data-testid={`subscription-project-${id}`}
      data-stage={row.stage}
      data-phase={phase}
    >
      <header className="item-card__head">
        <Heading className="item-card__name">
          {row.name} <span className="item-card__sub">{row.asset}</span>
        </Heading>
        <StagePill phase={phase} testId={`subscription-stage-${id}`} />
      </header>
      <ProgressBar
        label={t('subscription.progress')}
        width={row.progressWidth}
        text={row.progress}
        over={row.oversubscribed}
        testId={`subscription-progress-${id}`}
      />
      {row.oversubscribed && <p className="note">{t('subscription.oversubscribed')}</p>}
      {next && (
        <p className="item-card__countdown">
          <span>{t(`subscription.countdown.${next.moment}`)}</span>{' '}
          <Countdown until={next.at} testId={`subscription-countdown-${id}`} />
        </p>
      )}
      <dl className="facts">
        <Fact label={t('subscription.price')} value={row.price} unit="USDT" />
        <Fact label={t('subscription.supply')} value={row.supply} unit={row.asset} />
        <Fact label={t('subscription.committedAll')} value={row.committed} unit="USDT" />
        <Fact label={t('subscription.cap')} value={row.cap} unit="USDT" />
        <Fact label={t('subscription.participants')} value={String(row.participants)} />
        <Fact label={t('subscription.start')} value={row.startText} />
        <Fact label={t('subscription.end')} value={row.endText} />
        <Fact label={t('subscription.distribute')} value={row.distributeText} />
      </dl>
      {props.children}
    </article>
  );
}
