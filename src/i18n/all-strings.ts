// Every language's strings at once, for checks that compare them; the app loads only the active
// language's (`index.ts`).
import bl from './locales/bl.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import it from './locales/it.json';
import pt from './locales/pt.json';
import zh from './locales/zh.json';

export const uiStrings = { zh, en, de, fr, he, it, pt, es, bl } as const;
