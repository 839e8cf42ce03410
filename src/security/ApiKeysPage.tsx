// API keys (`/pages/user/apiKeys`, docs/api-binance.md § "API keys"): the user's keys for trading
// by program, each deletable at once after a confirmation, and the form that makes one. A new
// key's secret is shown once, on its own card; it is held in this page's state alone (never in
// Dexie, the event log or localStorage: the worker's call logs only that it succeeded) and is
// forgotten when that card is left, by its button or by leaving the page.
import { useState } from 'react';
import type { ApiKeyRow } from '../../workers/facade.ts';
import { useConfirm } from '../app/confirm.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { ApiKeyCreateForm, type CreatedApiKey } from './ApiKeyCreateForm.tsx';
import { ApiKeyList } from './ApiKeyList.tsx';
import { ApiKeySecretCard } from './ApiKeySecretCard.tsx';
import './security.css';
import './api-keys.css';

export function ApiKeysPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const confirm = useConfirm();
  const load = useLoad(['apiKeys'], () => core.apiKeys());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const retry = () => void load.reload();

  if (created) {
    return (
      <div className="wallet-page">
        <ApiKeySecretCard
          label={created.label}
          apiKey={created.apiKey}
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      </div>
    );
  }
  if (creating) {
    return (
      <CreateWithFactor
        onCancel={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          void load.reload();
        }}
      />
    );
  }
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={retry} /> : <WalletLoading />;
  }

  const remove = async (row: ApiKeyRow) => {
    if (!(await confirm(t('security.apiKeys.deleteConfirm', { label: row.label })))) return;
    // A refusal (the key was already gone) is toasted by the worker in the user's language.
    const outcome = await core.deleteApiKey(row.id).catch(() => null);
    if (outcome?.ok) toast(t('security.apiKeys.deleted'), 'success');
    else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    await load.reload();
  };

  return (
    <div className="wallet-page">
      {load.failed && <WalletRefreshFailed onRetry={retry} />}
      <p className="security-note">{t('security.apiKeys.text')}</p>
      <p className="security-note">{t('security.apiKeys.noWithdrawals')}</p>
      <button
        type="button"
        className="button button--block"
        data-testid="api-key-create"
        onClick={() => setCreating(true)}
      >
        {t('security.apiKeys.create')}
      </button>
      <ApiKeyList rows={load.data} onDelete={(row) => void remove(row)} />
    </div>
  );
}

/**
 * The form, once the scopes on offer are known and whether an authenticator is bound (its code is
 * asked for then).
 */
function CreateWithFactor(props: { onCreated(key: CreatedApiKey): void; onCancel(): void }) {
  const core = useWorker();
  const overview = useLoad(['securityOverview'], () => core.securityOverview());
  const scopes = useLoad(['apiKeyScopes'], () => core.apiKeyScopes());
  if (overview.data === null || scopes.data === null) {
    const retry = () => {
      if (overview.failed) void overview.reload();
      if (scopes.failed) void scopes.reload();
    };
    return overview.failed || scopes.failed ? <WalletFailed onRetry={retry} /> : <WalletLoading />;
  }
  return <ApiKeyCreateForm totp={overview.data.on.totp} scopes={scopes.data} {...props} />;
}
