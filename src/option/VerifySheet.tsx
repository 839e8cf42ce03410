// A contract recomputed from its recorded prints (`/option/verify`): the published rule, the
// opening and settlement prints with every print of each 5-second window (the one the rule read
// marked, a stale one said so), the recorded outcome beside the server's recomputation and whether
// they match, and the same rule run again here on the prints shown. The stake and payout only for
// the contract's owner.
import type { ReactNode } from 'react';
import { dash } from '../../core/figures.ts';
import { printToleranceMs } from '../../core/option/settlement.ts';
import type { OptionVerificationView, VerifiedPrintRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Figure } from '../ui/Figures.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';

const seconds = printToleranceMs / 1000;

export function VerifySheet(props: { id: number; onClose(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const load = useLoad(['verifyOption', props.id], () => core.verifyOption(props.id));
  return (
    <BottomSheet
      title={t('option.verification.title', { id: props.id })}
      onClose={props.onClose}
      testId="option-verify-sheet"
    >
      {load.data ? (
        <Verification view={load.data} />
      ) : load.failed ? (
        <WalletFailed onRetry={() => void load.reload()} />
      ) : (
        <WalletLoading />
      )}
    </BottomSheet>
  );
}

function Verification(props: { view: OptionVerificationView }) {
  const { t } = useTranslation();
  const { view } = props;
  const outcome = (value: OptionVerificationView['recorded']) =>
    value ? t(`option.outcome.${value}`) : dash;
  const verdict =
    view.matches === null
      ? t('option.verification.pending')
      : view.matches
        ? t('option.verification.matches')
        : t('option.verification.mismatch');
  return (
    <div className="option-verify">
      <p
        className={`option-verdict option-verdict--${view.matches === null ? 'pending' : view.matches ? 'match' : 'mismatch'}`}
        role="status"
        data-testid="option-verdict"
        data-matches={String(view.matches)}
      >
        {verdict}
      </p>
      {view.recheck && (
        <p
          className="option-note"
          data-testid="option-recheck"
          data-agrees={String(view.recheck.agrees)}
        >
          {t(
            view.recheck.agrees
              ? 'option.verification.recheckAgrees'
              : 'option.verification.recheckDisagrees',
            {
              outcome: outcome(view.recheck.outcome),
            },
          )}
        </p>
      )}
      <dl className="facts">
        <Row label={t('option.verification.contract')}>
          {displaySymbol(view.symbol)} · {view.direction === 'up' ? '▲' : '▼'}{' '}
          {t(`option.${view.direction}`)} ·{' '}
          {t(`option.duration.${view.unit}`, { count: view.length })} · <Figure>{view.rate}</Figure>
        </Row>
        <Row label={t('option.openTime')}>
          <Figure>{view.openTime}</Figure>
        </Row>
        <Row label={t('option.expiry')}>
          <Figure>{view.expiryTime}</Figure>
        </Row>
        <Row label={t('option.verification.recorded')}>
          <span data-testid="option-recorded">{outcome(view.recorded)}</span>
        </Row>
        <Row label={t('option.verification.recomputed')}>
          <span data-testid="option-recomputed">{outcome(view.recomputed)}</span>
        </Row>
        {view.mine && (
          <>
            <Row label={t('option.stake')}>
              <Figure>{view.stake ?? dash}</Figure>
            </Row>
            <Row label={t('option.verification.recordedPayout')}>
              <Figure>{view.recordedPayout ?? dash}</Figure>
            </Row>
            <Row label={t('option.verification.recomputedPayout')}>
              <Figure>{view.recomputedPayout ?? dash}</Figure>
            </Row>
          </>
        )}
      </dl>
      <PrintWindow
        title={t('option.verification.openingPrint')}
        chosen={view.opening}
        window={view.openingWindow}
        testId="option-opening-window"
      />
      <PrintWindow
        title={t('option.verification.settlementPrint')}
        chosen={view.settlement}
        window={view.settlementWindow}
        testId="option-settlement-window"
      />
      <p className="option-note">
        {t('option.verification.rule', { rule: view.rule, count: seconds })}
      </p>
    </div>
  );
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

function PrintWindow(props: {
  title: string;
  chosen: VerifiedPrintRow | null;
  window: readonly VerifiedPrintRow[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="option-window" data-testid={props.testId}>
      <h3 className="option-window__title">
        {props.title}:{' '}
        {props.chosen ? (
          <Figure testId={`${props.testId}-price`}>{props.chosen.price}</Figure>
        ) : (
          <span>{t('option.verification.none')}</span>
        )}
      </h3>
      {props.window.length === 0 ? (
        <p className="option-note">{t('option.verification.emptyWindow', { count: seconds })}</p>
      ) : (
        <table className="option-window__table">
          <caption className="visually-hidden">
            {t('option.verification.window', { count: seconds })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('option.verification.time')}</th>
              <th scope="col">{t('option.verification.price')}</th>
              <th scope="col">{t('option.verification.sources')}</th>
            </tr>
          </thead>
          <tbody>
            {props.window.map((print) => (
              <tr
                key={print.time}
                className={print.chosen ? 'option-window__chosen' : undefined}
                data-chosen={print.chosen}
              >
                <td>
                  <Figure>{print.time}</Figure>
                </td>
                <td>
                  <Figure>{print.price}</Figure>
                  {print.chosen && (
                    <span className="option-window__mark">
                      {' '}
                      · {t('option.verification.chosen')}
                    </span>
                  )}
                </td>
                <td>{print.stale ? t('option.verification.stale') : print.sources}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
