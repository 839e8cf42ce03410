// The app's strings in the page's language. The language is set before the first render, and a
// change of it reloads the page (./index.ts), so the translation never changes during a page's
// life: this hook hands every component the one function and the one instance, and watches
// nothing. React-i18next's hook rebuilt its options, looked the namespace up and read an external
// store on every render of every component that called it, a fifth of the script time of a live
// trade page on a throttled phone.
import i18next from 'i18next';

/**
 * A plain string (no values to put in) is looked up once: i18next resolves a key through its
 * options, the namespace and the interpolation every call, and a trade page asks for the same
 * column names on every level of the book at every update.
 */
const plain = new Map<string, string>();
// Not expected while a page lives, but a string looked up before another language would be wrong.
i18next.on('languageChanged', () => plain.clear());
i18next.on('added', () => plain.clear());

function translate(...args: Parameters<typeof i18next.t>): ReturnType<typeof i18next.t> {
  const [key, options] = args;
  if (options !== undefined || typeof key !== 'string' || !i18next.isInitialized) {
    return i18next.t(...args);
  }
  let shown = plain.get(key);
  if (shown === undefined) {
    shown = i18next.t(key);
    plain.set(key, shown);
  }
  return shown;
}

const translation = {
  t: translate as typeof i18next.t,
  i18n: i18next,
};

export function useTranslation(): typeof translation {
  return translation;
}
