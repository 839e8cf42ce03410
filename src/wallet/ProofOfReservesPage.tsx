// The proof of reserves (`/pages/assets/reserves`, docs/wallet.md § "Proof of reserves"): the
// worker fetches the user's proof and verifies it against the published root; this page shows the
// verdict and how long it took, the user's balances as counted, the root and its totals, the path
// (folded), and the two files to check it again without us.
import { useCallback } from 'react';
import type { ReserveAmount, ReserveProofView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Fact } from '../ui/Fact.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';

/** The command that checks the two files, as it is typed in a copy of the repository. */
const offlineCommand = 'npm run proof:verify -- proof.json root.json';

/** Saves `text` as a file named `name`, from the page: nothing is asked of the server again. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the blob by the time the click returns; the URL is let go after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A hash cut to its ends, as a path step is read; the whole one is its title. */
const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

function Amounts(props: { amounts: readonly ReserveAmount[]; testId: string }) {
  return (
    <dl className="wallet-facts">
      {props.amounts.map((row) => (
        <Fact
          key={row.asset}
          label={row.asset}
          value={row.shown}
          unit={row.asset}
          testId={`${props.testId}-${row.asset}`}
        />
      ))}
    </dl>
  );
}

function Verdict(props: { proof: ReserveProofView }) {
  const { t } = useTranslation();
  const { verdict } = props.proof;
  return (
    <section className="card wallet-section" aria-live="polite">
      <div className="wallet-item__top">
        <span
          className={`status-pill ${verdict.verified ? 'status-pill--done' : 'status-pill--failed'}`}
          data-testid="reserves-verdict"
        >
          {verdict.verified ? t('reserves.verified') : t('reserves.notVerified')}
        </span>
        <span className="wallet-item__note" data-testid="reserves-time">
          {t('reserves.checkedIn', { ms: props.proof.verifyShown })}
        </span>
      </div>
      {!verdict.verified && (
        <p className="wallet-warning" role="alert" data-testid="reserves-failure">
          {t('reserves.failedAt', { level: verdict.level, reason: verdict.reason })}
        </p>
      )}
    </section>
  );
}

function ProofPath(props: { proof: ReserveProofView }) {
  const { t } = useTranslation();
  return (
    <details className="record-details" data-testid="reserves-path">
      <summary>{t('reserves.path')}</summary>
      <ol className="wallet-list">
        {props.proof.path.map((step) => (
          <li key={step.level} className="wallet-item">
            <div className="wallet-item__top">
              <span className="wallet-item__title">
                {t('reserves.level', { level: step.level })}
              </span>
              <span className="status-pill">
                {step.side === 'left' ? t('reserves.left') : t('reserves.right')}
              </span>
            </div>
            <p className="wallet-item__address" dir="ltr" title={step.hash}>
              {shortHash(step.hash)}
            </p>
            <Amounts amounts={step.sums} testId={`reserves-step-${step.level}`} />
          </li>
        ))}
      </ol>
    </details>
  );
}

function Proof(props: { proof: ReserveProofView }) {
  const { t } = useTranslation();
  const { proof } = props;
  const name = `proof-of-reserves-${proof.snapshotId}`;
  return (
    <>
      <Verdict proof={proof} />
      <section className="card wallet-section">
        <h2 className="wallet-section__title">{t('reserves.yourBalances')}</h2>
        <Amounts amounts={proof.balances} testId="reserves-balance" />
      </section>
      <section className="card wallet-section">
        <h2 className="wallet-section__title">{t('reserves.snapshot')}</h2>
        <dl className="wallet-facts">
          <Fact label={t('reserves.takenAt')} value={proof.takenAt} />
          <Fact label={t('reserves.users')} value={proof.usersShown} />
        </dl>
        <p className="wallet-item__note">{t('reserves.root')}</p>
        <p className="wallet-item__address" dir="ltr" data-testid="reserves-root">
          {proof.rootHash}
        </p>
        <h3 className="wallet-section__title">{t('reserves.totals')}</h3>
        <Amounts amounts={proof.totals} testId="reserves-total" />
        {proof.holdings && (
          <>
            <h3 className="wallet-section__title">{t('reserves.holdings')}</h3>
            <p className="wallet-item__note">
              {t('reserves.holdingsRead', {
                network: proof.holdings.network,
                block: proof.holdings.block,
              })}
            </p>
            <dl className="wallet-facts">
              <Fact
                label={t('reserves.addressesRead')}
                value={String(proof.holdings.addressesRead)}
              />
              {proof.holdings.assets.map((row) => (
                <Fact
                  key={row.asset}
                  label={row.asset}
                  value={row.shown}
                  unit={row.asset}
                  testId={`reserves-holding-${row.asset}`}
                />
              ))}
            </dl>
          </>
        )}
      </section>
      <section className="card wallet-section">
        <ProofPath proof={proof} />
      </section>
      <section className="card wallet-section">
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="reserves-download-proof"
          onClick={() => download(`${name}-proof.json`, proof.files.proof)}
        >
          {t('reserves.downloadProof')}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="reserves-download-root"
          onClick={() => download(`${name}-root.json`, proof.files.root)}
        >
          {t('reserves.downloadRoot')}
        </button>
        <p className="wallet-item__note">{t('reserves.offline')}</p>
        <p className="wallet-item__note">
          <code dir="ltr">{offlineCommand}</code>
        </p>
      </section>
    </>
  );
}

export function ProofOfReservesPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const answer = useLoad(['reserveProof'], () => core.reserveProof());
  const { reload } = answer;
  usePullRefresh(reload);
  const retry = useCallback(() => void reload(), [reload]);
  const data = answer.data;

  return (
    <div className="wallet-page">
      <p className="wallet-item__note">{t('reserves.intro')}</p>
      {data === null ? (
        answer.failed ? (
          answer.refusal ? (
            <EmptyState text={answer.refusal} actionLabel={t('wallet.retry')} onAction={retry} />
          ) : (
            <WalletFailed onRetry={retry} />
          )
        ) : (
          <WalletLoading />
        )
      ) : data.found ? (
        <Proof proof={data} />
      ) : (
        <div data-testid="reserves-missing">
          <EmptyState text={t('reserves.missing')} />
        </div>
      )}
    </div>
  );
}
