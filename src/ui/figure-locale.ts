// The Intl locale the page's figures are written in: the page's language (`bl` is Polish), which
// stays the same for the page's life (a change of language reloads it).
import { intlLocale } from '../../schemas/languages.ts';
import { useApp } from '../app/app-context.tsx';

export function useFigureLocale(): string {
  return intlLocale(useApp().language);
}
