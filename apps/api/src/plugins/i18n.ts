import fp from 'fastify-plugin';
import { negotiateLanguage, type Language } from '@hafla/shared/common/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/** Resolves the request's language once from Accept-Language (en | ar, else en). */
export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('language', 'en');
    app.addHook('onRequest', async (request) => {
      request.language = negotiateLanguage(request.headers['accept-language']);
    });
  },
  { name: 'i18n' },
);
