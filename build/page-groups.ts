// The app's folders whose pages load as one file each (a product's or the wallet's pages), rather
// than a file per page and per module two pages share: a hundred files under a kilobyte each cost
// a phone a request, a module record and gzip's fresh start apiece. The bundler is asked to group
// these folders' own modules only, not what they import (`includeDependenciesRecursively: false`),
// so the shared components stay where the other pages find them, and home loads nothing of them.
// That is sound while no module outside a folder imports one inside it: the pages are reached
// through the route table's dynamic imports alone (tests/unit/page-groups.test.ts).

export const pageGroupFolders = ['contract', 'option', 'ai', 'subscription', 'wallet'] as const;

/** The bundler's group of each folder: `src/contract/**` becomes `contract-pages-….js`. */
export const pageGroups = pageGroupFolders.map((folder) => ({
  name: `${folder}-pages`,
  test: new RegExp(`/src/${folder}/`),
}));
