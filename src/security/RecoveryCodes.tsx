// The ten recovery codes, shown once right after the authenticator is bound: copied or downloaded
// as a text file, and the page left only once the user says they are saved, since the server
// keeps only their hashes and can never show them again.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { CopyButton } from '../ui/CopyButton.tsx';

/** Offers the codes as a text file to save. */
function download(codes: readonly string[], heading: string): void {
  const text = [heading, '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'meridian-recovery-codes.txt';
  link.click();
  // The download has its own copy once it starts; the address is let go after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function RecoveryCodes(props: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const { codes } = props;
  return (
    <section
      className="card recovery-card"
      aria-labelledby="recovery-title"
      data-testid="recovery-codes"
    >
      <h2 id="recovery-title" className="card__title">
        {t('security.recovery.title')}
      </h2>
      <p className="security-note">{t('security.recovery.text')}</p>
      <ol className="recovery-card__codes" dir="ltr">
        {codes.map((code) => (
          <li key={code} className="figure" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="recovery-card__actions">
        <CopyButton
          text={codes.join('\n')}
          label={t('security.recovery.copy')}
          className="button button--ghost"
        />
        <button
          type="button"
          className="button button--ghost"
          data-testid="recovery-download"
          onClick={() => download(codes, t('security.recovery.fileHeading'))}
        >
          {t('security.recovery.download')}
        </button>
      </div>
      <label className="security-check">
        <input
          type="checkbox"
          checked={saved}
          data-testid="recovery-saved"
          onChange={(event) => setSaved(event.target.checked)}
        />
        {t('security.recovery.saved')}
      </label>
      <button
        type="button"
        className="button button--block"
        data-testid="recovery-done"
        disabled={!saved}
        onClick={() => void navigate({ to: routes.securityCenter.path })}
      >
        {t('security.recovery.done')}
      </button>
    </section>
  );
}
