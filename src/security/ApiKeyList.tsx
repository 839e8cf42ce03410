// The user's API keys, newest first: each one's label, permissions, IP allowlist, when it was made
// and the key itself (in full, as Binance shows it; never its secret), and a delete button that
// asks first and revokes the key at once.
import type { ApiKeyRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useScopeName } from './api-key-scope-names.ts';

export function ApiKeyList(props: { rows: readonly ApiKeyRow[]; onDelete(row: ApiKeyRow): void }) {
  const { t } = useTranslation();
  const scopeName = useScopeName();
  if (props.rows.length === 0) return <EmptyState text={t('security.apiKeys.empty')} />;
  return (
    <ul className="wallet-list" aria-label={t('security.apiKeys.list')}>
      {props.rows.map((row) => (
        <li key={row.id} className="card wallet-item" data-testid={`api-key-${row.id}`}>
          <div className="wallet-item__top">
            <span className="wallet-item__title" dir="auto" data-testid="api-key-label">
              {row.label}
            </span>
          </div>
          {/* The key is 64 characters: on a line of its own, the whole width, not a fact's half. */}
          <div className="api-key-listed">
            <span className="api-key-listed__name">{t('security.apiKeys.apiKey')}</span>
            <div className="api-key-shown__row">
              <code dir="ltr" className="api-key-listed__value" data-testid="api-key-value">
                {row.apiKey}
              </code>
              <CopyButton text={row.apiKey} label={t('security.apiKeys.copyKey')} />
            </div>
          </div>
          <dl className="wallet-facts">
            <div>
              <dt>{t('security.apiKeys.scopes')}</dt>
              <dd data-testid="api-key-scopes">{row.scopes.map(scopeName).join(' · ')}</dd>
            </div>
            <div>
              <dt>{t('security.apiKeys.allowlistShort')}</dt>
              <dd>
                {row.ipAllowlist.length === 0 ? (
                  t('security.apiKeys.anyAddress')
                ) : (
                  <span dir="ltr">{row.ipAllowlist.join(', ')}</span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('security.apiKeys.createdAt')}</dt>
              <dd className="figure">{row.createdAt}</dd>
            </div>
          </dl>
          <div className="wallet-item__actions">
            <button
              type="button"
              className="text-button text-button--danger"
              aria-label={t('security.apiKeys.deleteNamed', { label: row.label })}
              data-testid={`api-key-delete-${row.id}`}
              onClick={() => props.onDelete(row)}
            >
              {t('security.apiKeys.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
