import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { SessionState } from '../lib/session-state';
import { verifyAccessToken, type AccessClaims, type Role } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * `true`: any signed-in user; a list: a signed-in user holding one of these roles;
     * `'ignore'`: the Authorization header is not read (sign-in and token calls, health checks).
     * Unset: anyone, but a bearer token that is sent must be valid.
     */
    auth?: true | Role[] | 'ignore';
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /** Ended sessions and changed roles, in memory (decision 0008): no database read per request. */
  sessions: SessionState;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { jwtSecret, sessions }) => {
    app.decorateRequest('auth', null);

    // Runs before the body is parsed, so an anonymous caller learns nothing about the input rules.
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config.auth;
      if (rule === 'ignore') return;
      const header = request.headers.authorization;
      if (header) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
        const verified = match?.[1] ? await verifyAccessToken(jwtSecret, match[1]) : null;
        // Its session ended (sign-out, password change or reset, a replayed refresh token): null.
        // Its user's roles changed since it was issued: the current roles.
        const claims = verified && sessions.check(verified);
        // A token that is sent must be good, on public routes too: the client then learns at once
        // that its session is over (the seed's client signs out on token_not_valid).
        if (!claims) throw new AppError('token_not_valid', { status: 401 });
        request.auth = claims;
      }
      if (!rule) return;
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
