// The new key and its secret, shown this once right after the key is made: each with its copy
// button, under a warning that the secret cannot be shown again (the server keeps it sealed and
// no call answers it twice). The secret lives in the page's state alone and is forgotten when
// this card is left: it is never written to Dexie, the event log or localStorage.
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { CopyButton } from '../ui/CopyButton.tsx';

export function ApiKeySecretCard(props: {
  label: string;
  apiKey: string;
  secret: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <section
      className="card recovery-card"
      aria-labelledby="api-key-secret-title"
      data-testid="api-key-created"
    >
      <h2 id="api-key-secret-title" className="card__title">
        {t('security.apiKeys.secretTitle')}
      </h2>
      <p className="security-note api-key-warning" role="alert">
        {t('security.apiKeys.secretWarning')}
      </p>
      <p className="security-current">
        <span>{t('security.apiKeys.label')}</span>
        <span dir="auto">{props.label}</span>
      </p>
      <ShownOnce
        name={t('security.apiKeys.apiKey')}
        value={props.apiKey}
        copyLabel={t('security.apiKeys.copyKey')}
        testId="api-key-created-key"
      />
      <ShownOnce
        name={t('security.apiKeys.secret')}
        value={props.secret}
        copyLabel={t('security.apiKeys.copySecret')}
        testId="api-key-created-secret"
      />
      <label className="security-check">
        <input
          type="checkbox"
          checked={saved}
          data-testid="api-key-saved"
          onChange={(event) => setSaved(event.target.checked)}
        />
        {t('security.apiKeys.saved')}
      </label>
      <button
        type="button"
        className="button button--block"
        data-testid="api-key-done"
        disabled={!saved}
        onClick={props.onDone}
      >
        {t('security.apiKeys.done')}
      </button>
    </section>
  );
}

/** One value shown whole, left to right in every language, with its copy button. */
function ShownOnce(props: { name: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="api-key-shown">
      <span className="totp-card__label">{props.name}</span>
      <div className="api-key-shown__row">
        <code dir="ltr" className="api-key-shown__value figure" data-testid={props.testId}>
          {props.value}
        </code>
        <CopyButton text={props.value} label={props.copyLabel} className="button button--ghost" />
      </div>
    </div>
  );
}
