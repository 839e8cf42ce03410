// What every part of the app works with and nothing changes while it runs: the worker's facade,
// the language and the theme (changing either reloads the page, docs/product.md §4). Its context's
// value keeps its identity for the app's life, so reading it never renders a component again.
import { createContext, useContext } from 'react';
import type { Language } from '../../schemas/languages.ts';
import type { Core } from '../core-bridge.ts';
import type { Theme } from '../document-settings.ts';

export interface Services {
  core: Core;
  language: Language;
  theme: Theme;
  /** Both reload the page; the event log makes the reload lossless. */
  changeLanguage(language: Language): void;
  changeTheme(theme: Theme): void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside AppProvider');
  return services;
}

/** The worker's facade: every call and view of the app goes through it. */
export function useWorker(): Core {
  return useServices().core;
}
