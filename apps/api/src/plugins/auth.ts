import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { verifyAccessToken, type AccessClaims, type Role } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    auth: AccessClaims | null;
    /** Set when a bearer token was sent but is not valid; guarded routes answer token_not_valid. */
    hasInvalidToken: boolean;
  }
  interface FastifyContextConfig {
    /** `true`: any signed-in user; a list: a signed-in user holding one of these roles. */
    auth?: true | Role[];
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { jwtSecret }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('hasInvalidToken', false);

    // Runs before the body is parsed, so an anonymous caller learns nothing about the input rules.
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
        const claims = match?.[1] ? await verifyAccessToken(jwtSecret, match[1]) : null;
        if (claims) request.auth = claims;
        else request.hasInvalidToken = true;
      }
      // Public routes ignore a stale token (the visitor is simply anonymous there); guarded ones refuse it.
      const rule = request.routeOptions.config.auth;
      if (!rule) return;
      if (request.hasInvalidToken) throw new AppError('token_not_valid', { status: 401 });
      if (!request.auth) throw new AppError('not_authenticated', { status: 401 });
      if (Array.isArray(rule) && !rule.some((role) => request.auth?.roles.includes(role))) {
        throw new AppError('permission_denied', { status: 403 });
      }
    });
  },
  { name: 'auth', dependencies: ['i18n'] },
);

/** The signed-in user of a guarded route (the guard has already run). */
export function currentUser(request: { auth: AccessClaims | null }): AccessClaims {
  if (!request.auth) throw new AppError('not_authenticated', { status: 401 });
  return request.auth;
}
