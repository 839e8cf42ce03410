// Turning whitelist mode off: a code sent to the account's email and, with an authenticator
// bound, its code. Withdrawals then pause for the security hold, which the sheet says first.
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { EmailCodeField, FactorField } from './SecurityFields.tsx';
import { useSecurityForm } from './use-security-form.ts';

export function WhitelistOffSheet(props: { totp: boolean; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const fields = props.totp ? (['email_code', 'totp_code'] as const) : (['email_code'] as const);
  const form = useSecurityForm<'email_code' | 'totp_code'>(fields);

  const submit = async () => {
    if (!form.check()) return;
    const done = await form.send(() =>
      core.setWhitelist({
        enabled: false,
        emailCode: form.values.email_code,
        factor: props.totp ? { kind: 'totp', code: form.values.totp_code } : null,
      }),
    );
    if (!done) return;
    toast(t('security.whitelist.off'), 'success');
    props.onDone();
  };

  return (
    <BottomSheet
      title={t('security.whitelist.offTitle')}
      onClose={props.onClose}
      testId="whitelist-off-sheet"
    >
      <form
        className="wallet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="security-note">{t('security.whitelist.offNote')}</p>
        <EmailCodeField field={form.bind('email_code')} />
        {props.totp && <FactorField field={form.bind('totp_code')} />}
        <button
          type="submit"
          className="button button--block"
          data-testid="whitelist-off-submit"
          disabled={form.sending}
        >
          {form.sending ? t('wallet.sending') : t('security.whitelist.turnOff')}
        </button>
      </form>
    </BottomSheet>
  );
}
