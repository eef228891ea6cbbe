import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthTokens,
  CompleteRegistrationRequest,
  Detail,
  ForgotPasswordRequest,
  LoginRequest,
  LogoutRequest,
  OtpSent,
  PasswordChangeRequest,
  PasswordResetRequest,
  RefreshedTokens,
  RefreshRequest,
  RegisterRequest,
  ResendOtpRequest,
  ResetToken,
  VerifyEmailRequest,
  VerifyOtpRequest,
} from '@hafla/shared/auth/requests';
import { User } from '@hafla/shared/auth/users';
import { translate } from '../../lib/messages';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import * as auth from './service';
import { REFRESH_TTL_SECONDS, refreshKeyOf } from './sessions';

const tags = ['auth'];
export const REFRESH_COOKIE = 'hafla_refresh';

function context(request: FastifyRequest): auth.RequestContext {
  return { language: request.language, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Browsers keep the refresh token in an httpOnly cookie scoped to /auth/, out of reach of
 * scripts; other clients use the `refresh` field of the body. It is `Secure` whenever the site
 * is served over https, even when a TLS proxy talks plain http to this process.
 */
function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  refresh: string,
  isHttpsSite: boolean,
) {
  reply.setCookie(REFRESH_COOKIE, refresh, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttpsSite || request.protocol === 'https',
    path: '/auth/',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

function presentedRefresh(
  request: FastifyRequest,
  body: RefreshRequest | undefined,
): string | undefined {
  return body?.refresh ?? request.cookies[REFRESH_COOKIE];
}

export async function authRoutes(app: App) {
  const deps: auth.AuthDeps = {
    db: app.db,
    secret: app.config.JWT_SECRET,
    keys: { jwtSecret: app.config.JWT_SECRET, refreshKey: refreshKeyOf(app.config.JWT_SECRET) },
    mailer: app.mailer,
    storage: app.storage,
    sessions: app.sessions,
  };
  const isHttpsSite = app.config.PUBLIC_URL?.startsWith('https:') ?? false;
  const setCookie = (request: FastifyRequest, reply: FastifyReply, refresh: string) =>
    setRefreshCookie(request, reply, refresh, isHttpsSite);
  // Per client address; the service adds per-email limits that hold across processes.
  const rateLimit = { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: '10 minutes' };

  app.post('/register/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Create an account; a 6-digit code is emailed',
      body: RegisterRequest,
      response: { 201: OtpSent, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await auth.register(deps, request.body, context(request))),
  });

  app.post('/otp/verify_email/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Verify the email with its code and sign in',
      body: VerifyEmailRequest,
      response: { 200: AuthTokens, ...errorResponses },
    },
    handler: async (request, reply) => {
      const tokens = await auth.verifyEmail(
        deps,
        request.body.email,
        request.body.otp,
        context(request),
      );
      setCookie(request, reply, tokens.refresh);
      return tokens;
    },
  });

  app.post('/otp/resend_otp/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Send a new code (same answer for unknown emails)',
      body: ResendOtpRequest,
      response: { 200: OtpSent, ...errorResponses },
    },
    handler: (request) =>
      auth.resendOtp(deps, request.body.email, request.body.purpose, context(request)),
  });

  app.patch('/complete_registration/', {
    config: { auth: true },
    schema: {
      tags,
      summary: 'Name, phone and account type after verifying the email',
      security: [{ bearer: [] }],
      body: CompleteRegistrationRequest,
      response: { 200: User, ...errorResponses },
    },
    handler: (request) =>
      auth.completeRegistration(deps, currentUser(request).userId, request.body),
  });

  app.post('/auth/login/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Sign in with email and password',
      body: LoginRequest,
      response: { 200: AuthTokens, ...errorResponses },
    },
    handler: async (request, reply) => {
      const tokens = await auth.login(deps, request.body, context(request));
      setCookie(request, reply, tokens.refresh);
      return tokens;
    },
  });

  app.post('/auth/token/refresh/', {
    config: { auth: 'ignore', rateLimit: { ...rateLimit, max: rateLimit.max * 4 } },
    schema: {
      tags,
      summary: 'Exchange a refresh token (body or cookie) for a new pair; each token works once',
      body: RefreshRequest.optional(),
      response: { 200: RefreshedTokens, ...errorResponses },
    },
    handler: async (request, reply) => {
      const tokens = await auth.refreshSession(
        deps,
        presentedRefresh(request, request.body),
        context(request),
      );
      setCookie(request, reply, tokens.refresh);
      return tokens;
    },
  });

  app.post('/auth/logout/', {
    config: { auth: 'ignore' },
    schema: {
      tags,
      summary: 'End this session: its refresh token and, within seconds, its access tokens',
      body: LogoutRequest.optional(),
      response: { 200: Detail, ...errorResponses },
    },
    handler: async (request, reply) => {
      await auth.logout(deps, presentedRefresh(request, request.body));
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth/' });
      return { detail: translate(request.language, 'logged_out') };
    },
  });

  app.post('/auth/forgot_password/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Email a password reset code (same answer for unknown emails)',
      body: ForgotPasswordRequest,
      response: { 200: OtpSent, ...errorResponses },
    },
    handler: (request) => auth.forgotPassword(deps, request.body.email, context(request)),
  });

  app.post('/otp/verify/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Verify a password reset code; answers a short-lived reset token',
      body: VerifyOtpRequest,
      response: { 200: ResetToken, ...errorResponses },
    },
    handler: (request) => auth.verifyResetOtp(deps, request.body.email, request.body.otp),
  });

  app.post('/auth/password_reset/', {
    config: { auth: 'ignore', rateLimit },
    schema: {
      tags,
      summary: 'Set a new password with a reset token; ends every session',
      body: PasswordResetRequest,
      response: { 200: Detail, ...errorResponses },
    },
    handler: async (request) => {
      await auth.resetPassword(deps, request.body);
      return { detail: translate(request.language, 'password_reset_done') };
    },
  });

  app.post('/auth/password/change/', {
    config: { auth: true, rateLimit },
    schema: {
      tags,
      summary:
        'Change the password; ends every other session at once and answers new tokens for this one',
      security: [{ bearer: [] }],
      body: PasswordChangeRequest,
      response: { 200: AuthTokens, ...errorResponses },
    },
    handler: async (request, reply) => {
      const tokens = await auth.changePassword(
        deps,
        currentUser(request),
        request.body,
        context(request),
      );
      setCookie(request, reply, tokens.refresh);
      return tokens;
    },
  });
}
