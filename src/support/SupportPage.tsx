// Customer service (`/pages/ks/index`): the configured channels and hours, and the built-in
// conversation for a logged-in user, whose operator answers arrive live over the socket.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useSession } from '../app/session.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import '../content/content.css';
import { routes } from '../routes/route-table.ts';
import { WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';

/** As the server's limit: the composer stops there rather than being refused. */
const maxLength = 1000;

function SupportChannels() {
  const { t } = useTranslation();
  const core = useWorker();
  const service = useLoad(['customerService'], () => core.customerService());
  if (!service.data) return service.loading ? <WalletLoading /> : null;
  // The built-in chat is this page: only the other ways to reach support are links.
  const others = service.data.channels.filter((channel) => channel.type !== 'chat');
  return (
    <section className="card" aria-label={t('support.channels')}>
      <p className="article-meta" data-testid="support-hours">
        {t('support.hours', { hours: service.data.hours })}
      </p>
      {others.length > 0 && (
        <ul className="support-channels">
          {others.map((channel) => (
            <li key={channel.url}>
              <a href={channel.url} target="_blank" rel="noopener noreferrer">
                {channel.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Conversation() {
  const { t } = useTranslation();
  const core = useWorker();
  const view = useView('support');
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    void core.loadSupport();
  }, [core]);

  const send = async () => {
    if (draft.trim() === '' || sending) return;
    setSending(true);
    const outcome = await core.sendSupport(draft);
    setSending(false);
    // A refused message stays in the box to be fixed; the reason was toasted.
    if (outcome.ok) setDraft('');
  };

  return (
    <section className="content-page" aria-label={t('support.conversation')}>
      {view && view.rows.length === 0 && <p className="article-meta">{t('support.noMessages')}</p>}
      <ul className="support-thread" data-testid="support-thread">
        {view?.rows.map((row) => (
          <li
            key={row.id}
            className={`support-message support-message--${row.from}`}
            data-testid={`support-message-${row.from}`}
          >
            <span className="support-message__time">
              {row.from === 'operator' ? t('support.operator') : t('support.you')} · {row.time}
            </span>
            {row.text}
          </li>
        ))}
      </ul>
      <form
        className="support-composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <textarea
          className="support-composer__input"
          aria-label={t('support.placeholder')}
          placeholder={t('support.placeholder')}
          maxLength={maxLength}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="support-input"
        />
        <button
          type="submit"
          className="button button--block"
          disabled={sending || draft.trim() === ''}
          data-testid="support-send"
        >
          {t('support.send')}
        </button>
      </form>
    </section>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  return (
    <div className="content-page">
      <SupportChannels />
      {token ? (
        <Conversation />
      ) : (
        <button
          type="button"
          className="button button--block"
          onClick={() => void navigate({ to: routes.login.path })}
        >
          {t('support.logIn')}
        </button>
      )}
    </div>
  );
}
