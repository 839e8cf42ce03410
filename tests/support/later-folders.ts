// The app's folders whose pages are "later pages": loaded with the later pages' styles and strings
// (`laterPage` and `productPage` in src/routes/page-loaders.ts), so only they may use those.
export const laterFolders: readonly string[] = [
  'wallet',
  'account',
  'security',
  'identity',
  'support',
  'notifications',
  'debug',
  'contract',
  'option',
  'ai',
  'subscription',
];
