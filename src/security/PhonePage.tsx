// Binding or changing the phone (`/pages/user/phone`): the number with its country code, an SMS
// code sent to it, a code sent to the account's email and, with an authenticator bound, its code.
// Withdrawals then pause for the security hold, which the page says before it is sent.
import { useNavigate } from '@tanstack/react-router';
import type { SecurityOverview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useLoad } from '../ui/use-load.ts';
import { CodeField, EmailCodeField, FactorField } from './SecurityFields.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { useSecurityForm } from './use-security-form.ts';
import './security.css';

type PhoneField = 'phone' | 'code' | 'email_code' | 'totp_code';

export function PhonePage() {
  const core = useWorker();
  const load = useLoad(['securityOverview'], () => core.securityOverview());
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  return <PhoneForm overview={load.data} />;
}

function PhoneForm(props: { overview: SecurityOverview }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const navigate = useNavigate();
  const totp = props.overview.on.totp;
  const current = props.overview.phone;
  const fields: readonly PhoneField[] = totp
    ? ['phone', 'code', 'email_code', 'totp_code']
    : ['phone', 'code', 'email_code'];
  const form = useSecurityForm<PhoneField>(fields);
  const phone = form.bind('phone');

  const submit = async () => {
    if (!form.check()) return;
    const { values } = form;
    const done = await form.send(() =>
      core.bindPhone({
        phone: values.phone,
        code: values.code,
        emailCode: values.email_code,
        factor: totp ? { kind: 'totp', code: values.totp_code } : null,
      }),
    );
    if (!done) return;
    toast(t('security.phone.saved'), 'success');
    void navigate({ to: routes.securityCenter.path });
  };

  return (
    <form
      className="wallet-page card wallet-form"
      aria-labelledby="phone-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="phone-title" className="card__title">
        {t(current ? 'security.phone.changeTitle' : 'security.phone.bindTitle')}
      </h2>
      <p className="security-note">{t('security.holdNote')}</p>
      {current && (
        <p className="security-current">
          <span>{t('security.phone.current')}</span>
          <span dir="ltr" className="figure">
            {current}
          </span>
        </p>
      )}
      <TextField
        id="security-phone"
        name={phone.name}
        label={t('security.fields.phone')}
        value={phone.value}
        problem={phone.problem}
        onChange={phone.onChange}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        ltr
        figure
        placeholder="+447700900123"
        hint={t('security.phone.hint')}
      />
      <CodeField
        field={form.bind('code')}
        label={t('security.fields.smsCode')}
        beside={
          <SendCodeButton
            testId="security-send-sms-code"
            ready={() => form.check(['phone'])}
            onSend={() => core.sendPhoneCode(form.values.phone)}
            said={form.said}
          />
        }
      />
      <EmailCodeField field={form.bind('email_code')} />
      {totp && <FactorField field={form.bind('totp_code')} />}
      <button
        type="submit"
        className="button button--block"
        data-testid="phone-submit"
        disabled={form.sending}
      >
        {form.sending ? t('wallet.sending') : t('security.save')}
      </button>
    </form>
  );
}
