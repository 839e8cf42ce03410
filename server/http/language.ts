// Each request's language, from the `Lang` header the client sends (docs/product.md §6, §21).
import type { FastifyInstance } from 'fastify';
import { defaultLanguage, type Language, languageFromTag } from '../../schemas/languages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', defaultLanguage);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.lang;
    request.language = languageFromTag(Array.isArray(header) ? header[0] : header);
  });
}
