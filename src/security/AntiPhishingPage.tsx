// The anti-phishing code (`/pages/user/antiPhishing`): a word of the user's own that every mail
// from us carries, so a mail without it, or with another, is known not to be ours. Set or changed
// with a code sent to the account's email; the code set shows masked.
import { useNavigate } from '@tanstack/react-router';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useLoad } from '../ui/use-load.ts';
import { EmailCodeField } from './SecurityFields.tsx';
import { useSecurityForm } from './use-security-form.ts';
import './security.css';

export function AntiPhishingPage() {
  const core = useWorker();
  const load = useLoad(['securityOverview'], () => core.securityOverview());
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  return <AntiPhishingForm current={load.data.antiPhishingCode} />;
}

function AntiPhishingForm(props: { current: string | null }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const navigate = useNavigate();
  const form = useSecurityForm(['anti_phishing_code', 'email_code'] as const);
  const code = form.bind('anti_phishing_code');

  const submit = async () => {
    if (!form.check()) return;
    const done = await form.send(() =>
      core.setAntiPhishingCode({
        code: form.values.anti_phishing_code,
        emailCode: form.values.email_code,
      }),
    );
    if (!done) return;
    toast(t('security.antiPhishing.saved'), 'success');
    void navigate({ to: routes.securityCenter.path });
  };

  return (
    <form
      className="wallet-page card wallet-form"
      aria-labelledby="anti-phishing-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="anti-phishing-title" className="card__title">
        {t(props.current ? 'security.antiPhishing.changeTitle' : 'security.antiPhishing.setTitle')}
      </h2>
      <p className="security-note">{t('security.antiPhishing.text')}</p>
      {props.current && (
        <p className="security-current">
          <span>{t('security.antiPhishing.current')}</span>
          <span dir="ltr" className="figure" data-testid="anti-phishing-current">
            {props.current}
          </span>
        </p>
      )}
      <TextField
        id="security-anti_phishing_code"
        name={code.name}
        label={t('security.fields.antiPhishingCode')}
        value={code.value}
        problem={code.problem}
        onChange={code.onChange}
        autoComplete="off"
        maxLength={20}
        hint={t('security.antiPhishing.hint')}
      />
      <EmailCodeField field={form.bind('email_code')} />
      <button
        type="submit"
        className="button button--block"
        data-testid="anti-phishing-submit"
        disabled={form.sending}
      >
        {form.sending ? t('wallet.sending') : t('security.save')}
      </button>
    </form>
  );
}
