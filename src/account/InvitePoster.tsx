// The invite page's poster: drawn to a canvas (src/account/invite-poster.ts), shown as the PNG it
// becomes, to save, or to hand to the phone's share sheet where the browser offers one, as the PnL
// card is.
import { useCallback } from 'react';
import type { InviteView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useCardImage } from '../ui/use-card-image.ts';
import { drawInvitePoster } from './invite-poster.ts';

export function InvitePoster(props: { invite: InviteView; link: string }) {
  const { t } = useTranslation();
  const { invite, link } = props;
  const name = `invite-${invite.code}.png`;
  const draw = useCallback(
    (target: HTMLCanvasElement) =>
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
      }),
    [invite, link, t],
  );
  const { canvas, image, shareable, share } = useCardImage(name, draw, {
    title: t('account.share.poster'),
    failed: t('account.share.posterFailed'),
  });

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
