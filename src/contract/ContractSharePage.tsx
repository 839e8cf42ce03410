// The PnL card (`/pages/contract/share?position=12` or `?closed=12`): a position's market,
// direction, leverage, ROE, entry and mark or close price, with the user's invite code and the QR
// code of the invite link (as the invite page makes it), drawn to a canvas. The picture can be
// saved as a PNG, or handed to the phone's share sheet where the browser offers one.
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { InviteView, ShareCard } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useCardImage } from '../ui/use-card-image.ts';
import { useLoad } from '../ui/use-load.ts';
import { parseShareRef } from './contract-query.ts';
import { drawPnlCard } from './pnl-card.ts';
import './contract.css';

export function ContractSharePage() {
  const { t } = useTranslation();
  const core = useWorker();
  const ref = parseShareRef(useSearch({ from: routes.contractShare.path }));
  const kind = ref?.kind;
  const id = ref?.id;
  const card = useLoad(['shareCard', kind, id], async () => {
    if (kind === undefined || id === undefined) return { ok: true as const, data: null };
    return core.shareCard({ kind, id });
  });
  const invite = useLoad(['inviteInfo'], () => core.inviteInfo());
  if (card.data === null) {
    if (card.loading) return <WalletLoading />;
    if (card.failed) return <WalletFailed onRetry={() => void card.reload()} />;
    return <EmptyState text={t('contract.shareCard.missing')} />;
  }
  // The invite is part of the card; a card without it is still worth sharing if it failed.
  if (invite.data === null && invite.loading) return <WalletLoading />;
  return <CardView card={card.data} invite={invite.data} />;
}

function CardView(props: { card: ShareCard; invite: InviteView | null }) {
  const { t } = useTranslation();
  const { card, invite } = props;
  const link = invite ? new URL(invite.link, window.location.origin).href : null;
  const name = `${card.symbol}-${card.direction}-${card.leverage}x.png`;
  const draw = useCallback(
    (target: HTMLCanvasElement) =>
      drawPnlCard(target, {
        // The product's name, as the top bar writes it on the home page.
        brand: 'Meridian',
        title: `${displaySymbol(card.symbol)} ${t('contract.perpetual')}`,
        direction: card.direction === 'long' ? t('contract.long') : t('contract.short'),
        long: card.direction === 'long',
        leverage: `${card.leverage}×`,
        roeLabel: t('contract.roe'),
        roe: card.roe,
        roeSign: card.roeSign,
        entryLabel: t('contract.entry'),
        entry: card.entry,
        priceLabel: card.closed ? t('contract.closePrice') : t('contract.mark'),
        price: card.price,
        inviteLabel: t('account.share.code'),
        inviteCode: invite?.code ?? null,
        inviteLink: link,
        scanLabel: t('contract.shareCard.scan'),
        rtl: document.documentElement.dir === 'rtl',
      }),
    [card, invite, link, t],
  );
  const { canvas, image, shareable, share } = useCardImage(name, draw, {
    title: t('titles.contractShare'),
    failed: t('contract.shareCard.failed'),
  });

  return (
    <div className="contract-page contract-share-page">
      <canvas
        ref={canvas}
        className="contract-share__canvas"
        data-testid="share-canvas"
        hidden={image !== null}
      />
      {image && (
        <img
          className="contract-share__image"
          src={image.url}
          alt={t('contract.shareCard.alt', { pair: displaySymbol(card.symbol), roe: card.roe })}
          data-testid="share-image"
        />
      )}
      {invite && (
        <p className="contract-note" data-testid="share-invite-code">
          {t('account.share.code')}: <span dir="ltr">{invite.code}</span>
        </p>
      )}
      <div className="contract-share__actions">
        <a
          className={`button button--block contract-share__save${image ? '' : ' is-disabled'}`}
          href={image?.url}
          download={name}
          data-testid="share-save"
          aria-disabled={image === null}
        >
          {t('contract.shareCard.save')}
        </a>
        {shareable && (
          <button
            type="button"
            className="button button--ghost button--block"
            data-testid="share-native"
            onClick={() => void share()}
          >
            {t('contract.shareCard.share')}
          </button>
        )}
      </div>
    </div>
  );
}
