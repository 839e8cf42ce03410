// The security level: low, medium or high as the server reckons it, which protections are on,
// and the next one to turn on with the button that leads there (whitelist mode is turned on at
// once). The level's word says it; its colour only repeats it.
import { useNavigate } from '@tanstack/react-router';
import type { ProtectionName, SecurityOverview } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { protectionPages } from './protection-pages.ts';

export function LevelCard(props: { overview: SecurityOverview; onWhitelistOn(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { level, protections, next } = props.overview;
  const turnOn = (name: ProtectionName) => {
    if (name === 'whitelist') return props.onWhitelistOn;
    const page = protectionPages[name];
    return page ? () => void page(navigate) : null;
  };
  const action = next ? turnOn(next) : null;
  return (
    <section
      className="card level-card"
      aria-labelledby="security-level-title"
      data-testid="security-level"
      data-level={level}
    >
      <div className="level-card__head">
        <h2 id="security-level-title" className="card__title">
          {t('security.level.title')}
        </h2>
        <span className={`level-pill level-pill--${level}`} data-testid="security-level-word">
          {t(`security.level.${level}`)}
        </span>
      </div>
      <ul className="level-card__protections" aria-label={t('security.level.protections')}>
        {protections.map(({ name, on }) => (
          <li
            key={name}
            className={`level-chip${on ? ' level-chip--on' : ''}`}
            data-testid={`security-protection-${name}`}
            data-on={on}
          >
            <span className="level-chip__mark" aria-hidden="true">
              {on ? '✓' : '–'}
            </span>
            {t(`security.protections.${name}`)}
            <span className="visually-hidden">{t(on ? 'security.on' : 'security.off')}</span>
          </li>
        ))}
      </ul>
      {next ? (
        <div className="level-card__next">
          <p className="level-card__hint">{t(`security.next.${next}`)}</p>
          {action && (
            <button
              type="button"
              className="button"
              data-testid="security-next"
              data-next={next}
              onClick={action}
            >
              {t('security.level.turnOn')}
            </button>
          )}
        </div>
      ) : (
        <p className="level-card__hint">{t('security.level.allOn')}</p>
      )}
    </section>
  );
}
