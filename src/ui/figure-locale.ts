// The Intl locale the page's figures are written in: the page's language (`bl` is Polish), which
// stays the same for the page's life (a change of language reloads it).
import { intlLocale } from '../../schemas/languages.ts';
import { useServices } from '../app/services.ts';

export function useFigureLocale(): string {
  return intlLocale(useServices().language);
}
