// A new passkey on this device: its name (to tell the user's passkeys apart), the server's
// creation options, the browser's prompt, and the new passkey saved with the browser's answer.
import { useState } from 'react';
import type { Outcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { refusalText, unannounced } from '../ui/failure-toast.ts';
import { RefusedNotice } from '../ui/SendNotice.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { ceremonyMessageKey, createPasskey, passkeysSupported } from './passkey-ceremony.ts';

/** The longest name the server keeps (`requiredText(40)`). */
const nameMax = 40;

export function PasskeyAdd(props: { onAdded(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** What stopped the last try beyond the name: the browser's prompt, or the server's refusal. */
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refusals = useFieldRefusals(['name']);
  const supported = passkeysSupported();

  /** The worker leaves these calls' refusals to the form: said under it, in the server's words. */
  const failureText = (outcome: Outcome<unknown> | null) =>
    refusalText(outcome) ?? (unannounced(outcome) ? t('wallet.unanswered') : null);

  const add = async () => {
    refusals.clear();
    setNotice(null);
    if (name.trim() === '') {
      setProblem(t('passkeys.problems.nameRequired'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const options = await core.passkeyRegisterOptions().catch(() => null);
      if (!options?.ok) {
        setNotice(failureText(options));
        return;
      }
      const created = await createPasskey(options.data);
      if (!created.ok) {
        setNotice(t(ceremonyMessageKey(created.reason)));
        return;
      }
      const saved = await core
        .passkeyRegister({
          challengeId: options.data.challengeId,
          response: created.response,
          name,
        })
        .catch(() => null);
      if (saved?.ok) {
        toast(t('passkeys.added'), 'success');
        setName('');
        props.onAdded();
      } else if (!refusals.take(saved)) setNotice(failureText(saved));
    } finally {
      setBusy(false);
    }
  };

  if (!supported) return <p className="note">{t('passkeys.unsupported')}</p>;
  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void add();
      }}
    >
      <TextField
        id="passkey-name"
        name="name"
        label={t('passkeys.name')}
        placeholder={t('passkeys.namePlaceholder')}
        maxLength={nameMax}
        value={name}
        problem={problem ?? refusals.refusalOf('name')}
        onChange={(value) => {
          setName(value);
          setProblem(null);
          refusals.clear('name');
        }}
      />
      <button
        type="submit"
        className="button button--block"
        data-testid="passkey-add"
        disabled={busy}
      >
        {busy ? t('wallet.sending') : t('passkeys.add')}
      </button>
      {notice && <RefusedNotice text={notice} testId="passkey-add-problem" />}
    </form>
  );
}
