// The app's strings in the page's language. The language is set before the first render, and a
// change of it reloads the page (./index.ts), so the translation never changes during a page's
// life: this hook hands every component the one function and the one instance, and watches
// nothing. React-i18next's hook rebuilt its options, looked the namespace up and read an external
// store on every render of every component that called it, a fifth of the script time of a live
// trade page on a throttled phone.
import i18next from 'i18next';

const translation = {
  t: ((...args: Parameters<typeof i18next.t>) => i18next.t(...args)) as typeof i18next.t,
  i18n: i18next,
};

export function useTranslation(): typeof translation {
  return translation;
}
