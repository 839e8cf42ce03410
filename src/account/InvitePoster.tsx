// The invite page's poster: drawn to a canvas (src/account/invite-poster.ts), shown as the PNG it
// becomes, to save, or to hand to the phone's share sheet where the browser offers one, as the PnL
// card is.
import { useEffect, useRef, useState } from 'react';
import type { InviteView } from '../../workers/facade.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { cardFile } from '../ui/share-canvas.ts';
import { drawInvitePoster } from './invite-poster.ts';

export function InvitePoster(props: { invite: InviteView; link: string }) {
  const { t } = useTranslation();
  const toast = useNotify();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<{ url: string; file: File } | null>(null);
  const { invite, link } = props;
  const name = `invite-${invite.code}.png`;

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    drawInvitePoster(target, {
      // The product's name, as the top bar writes it on the home page.
      brand: 'Meridian',
      headline: t('account.share.posterHeadline'),
      ratesLabel: t('account.share.rates'),
      rates: invite.commissions.map((entry) => ({
        label: t('account.share.level', { level: entry.level }),
        rate: entry.rate,
      })),
      inviteLabel: t('account.share.code'),
      inviteCode: invite.code,
      inviteLink: link,
      scanLabel: t('account.share.posterScan'),
      rtl: document.documentElement.dir === 'rtl',
    });
    let url: string | null = null;
    let current = true;
    void cardFile(target, name).then((file) => {
      if (!file || !current) return;
      url = URL.createObjectURL(file);
      setImage({ url, file });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [invite, link, name, t]);

  const shareable =
    image !== null &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [image.file] });
  const share = async () => {
    if (!image) return;
    try {
      await navigator.share({ files: [image.file], title: t('account.share.poster') });
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast(t('account.share.posterFailed'), 'error');
    }
  };

  return (
    <section className="card invite-poster">
      <h2 className="card__title">{t('account.share.poster')}</h2>
      <canvas
        ref={canvas}
        className="invite-poster__picture"
        data-testid="invite-poster-canvas"
        hidden={image !== null}
      />
      {image && (
        <img
          className="invite-poster__picture"
          src={image.url}
          alt={t('account.share.posterAlt', { code: invite.code })}
          data-testid="invite-poster"
        />
      )}
      <a
        className={`button button--block invite-poster__save${image ? '' : ' is-disabled'}`}
        href={image?.url}
        download={name}
        data-testid="invite-poster-save"
        aria-disabled={image === null}
      >
        {t('account.share.posterSave')}
      </a>
      {shareable && (
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="invite-poster-share"
          onClick={() => void share()}
        >
          {t('account.share.posterShare')}
        </button>
      )}
    </section>
  );
}
