// What the section is, said plainly at its top: fixed-term products at a rate fixed when bought,
// paid from the platform's reward reserve; "AI" is the section's name, not a claim about returns.
import { useTranslation } from '../i18n/use-translation.ts';

export function AiAbout() {
  const { t } = useTranslation();
  return (
    <section className="card item-card" aria-labelledby="ai-about-title" data-testid="ai-about">
      <h2 id="ai-about-title" className="section-title">
        {t('ai.about.title')}
      </h2>
      <p className="note">{t('ai.about.what')}</p>
      <p className="note">{t('ai.about.name')}</p>
    </section>
  );
}
