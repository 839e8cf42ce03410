// A transaction id among a wallet row's facts: shortened, copyable, and a link to its page on the
// block explorer when there is one (a real chain's transaction, with an explorer configured). The
// explorer is another site: it opens in a new tab and learns nothing of this page.
import { useTranslation } from '../i18n/use-translation.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { shorten } from './short-text.ts';

export function TxidFact(props: { txid: string; explorerUrl: string | null; testId: string }) {
  const { t } = useTranslation();
  const { txid, explorerUrl } = props;
  return (
    <div>
      <dt>{t('wallet.deposits.txid')}</dt>
      <dd className="wallet-facts__copy">
        {explorerUrl ? (
          <a
            className="tx-link"
            href={explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            title={t('wallet.explorer')}
            data-testid={props.testId}
          >
            {shorten(txid)}
          </a>
        ) : (
          <span dir="ltr" title={txid} data-testid={props.testId}>
            {shorten(txid)}
          </span>
        )}
        <CopyButton text={txid} label={t('wallet.deposits.copyTxid')} />
      </dd>
    </div>
  );
}
