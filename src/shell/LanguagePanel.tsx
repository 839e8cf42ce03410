// The language picker: a panel from the right with flags and a check on the current language.

import { type Language, languages } from '../../schemas/languages.ts';
import { useMenuActions } from '../app/menu.ts';
import { useServices } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { SidePanel } from './SidePanel.tsx';

const flags: Record<Language, string> = {
  zh: '🇨🇳',
  en: '🇬🇧',
  de: '🇩🇪',
  fr: '🇫🇷',
  he: '🇮🇱',
  it: '🇮🇹',
  pt: '🇵🇹',
  es: '🇪🇸',
  bl: '🇵🇱',
};

export function LanguagePanel() {
  const { t } = useTranslation();
  const { language, changeLanguage } = useServices();
  const { setLanguageOpen } = useMenuActions();
  return (
    <SidePanel side="end" label={t('nav.language')} onClose={() => setLanguageOpen(false)}>
      <h2 className="panel__title">{t('nav.language')}</h2>
      <ul className="choice-list">
        {languages.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="choice"
              aria-current={code === language ? 'true' : undefined}
              onClick={() => (code === language ? setLanguageOpen(false) : changeLanguage(code))}
            >
              <span aria-hidden="true">{flags[code]}</span>
              <span className="choice__label" lang={code === 'bl' ? 'pl' : code}>
                {t(`languageNames.${code}`)}
              </span>
              {code === language && <span className="choice__check">✓</span>}
            </button>
          </li>
        ))}
      </ul>
    </SidePanel>
  );
}
