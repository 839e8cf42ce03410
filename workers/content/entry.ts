// What the worker knows of articles and documents before it loads them: the names of their handlers and
// views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const contentEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    articles: true,
    article: true,
    document: true,
  },
  views: {},
});
