import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import type { ErrorEnvelope, ErrorType } from '@hafla/shared/common/errors';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { translate } from '../lib/messages';

interface RenderedError {
  code: string;
  attr: string | null;
  params?: Record<string, string | number>;
}

const STATUS_CODES: Record<number, string> = {
  400: 'invalid',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
};

const FASTIFY_CODES: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'parse_error' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'parse_error' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request_too_large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'request_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'request_too_large' },
  FST_FIELDS_LIMIT: { status: 413, code: 'request_too_large' },
  FST_PARTS_LIMIT: { status: 413, code: 'request_too_large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: 'invalid' },
};

/** Maps one zod issue (as fastify-type-provider-zod reports it) to a field code. */
export function codeForIssue(issue: ZodFastifySchemaValidationError): RenderedError[] {
  const attr = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || null;
  const params = issue.params as Record<string, unknown>;
  const numeric = (name: string) =>
    typeof params[name] === 'number' || typeof params[name] === 'bigint'
      ? { [name]: Number(params[name]) }
      : {};
  switch (issue.keyword) {
    case 'invalid_type': {
      if (/received undefined$/.test(issue.message ?? '')) return [{ code: 'required', attr }];
      if (/received null$/.test(issue.message ?? '')) return [{ code: 'null', attr }];
      if (params.expected === 'int') return [{ code: 'not_an_integer', attr }];
      if (params.expected === 'number') return [{ code: 'not_a_number', attr }];
      return [{ code: 'invalid', attr }];
    }
    case 'too_small':
      return [
        params.origin === 'string' || params.origin === 'array'
          ? { code: 'min_length', attr, params: numeric('minimum') }
          : { code: 'min_value', attr, params: numeric('minimum') },
      ];
    case 'too_big':
      return [
        params.origin === 'string' || params.origin === 'array'
          ? { code: 'max_length', attr, params: numeric('maximum') }
          : { code: 'max_value', attr, params: numeric('maximum') },
      ];
    case 'invalid_value':
      return [{ code: 'invalid_choice', attr }];
    case 'invalid_format':
      // A string of the wrong shape keeps the `invalid` code; its detail says which shape.
      return [
        {
          code: 'invalid',
          attr,
          params: typeof params.format === 'string' ? { format: params.format } : {},
        },
      ];
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
      return keys.map((name) => ({ code: 'unknown_field', attr: attr ? `${attr}.${name}` : name }));
    }
    case 'custom': {
      const custom = params.params as { code?: unknown } | undefined;
      return [{ code: typeof custom?.code === 'string' ? custom.code : 'invalid', attr }];
    }
    default:
      return [{ code: 'invalid', attr }];
  }
}

interface PgLikeError {
  code: string;
  constraint?: string;
  column?: string;
  detail?: string;
}

function findPgError(error: unknown): PgLikeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const candidate = current as Partial<PgLikeError> & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PgLikeError;
    }
    current = candidate.cause;
  }
  return null;
}

/** Constraint violations that reach the handler become client errors naming the field. */
export function mapDatabaseError(
  pgError: PgLikeError,
): { status: number; error: RenderedError } | null {
  const keyColumn = /^Key \(([^)]+)\)/.exec(pgError.detail ?? '')?.[1] ?? null;
  switch (pgError.code) {
    case '23505':
      return { status: 409, error: { code: 'unique', attr: keyColumn } };
    case '23503':
      return { status: 400, error: { code: 'does_not_exist', attr: keyColumn } };
    case '23502':
      return { status: 400, error: { code: 'required', attr: pgError.column ?? null } };
    case '23514':
    case '22P02':
    case '22021': // a NUL character in text, which PostgreSQL cannot store
    case '22003':
    case '22001':
    case '22007':
    case '22008':
      return { status: 400, error: { code: 'invalid', attr: pgError.column ?? null } };
    default:
      return null;
  }
}

export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  type: ErrorType,
  errors: RenderedError[],
): FastifyReply {
  const body: ErrorEnvelope = {
    type,
    errors: errors.map((error) => ({
      code: error.code,
      detail: translate(request.language, error.code, error.params),
      attr: error.attr,
      // A code's tries left (a wrong one-time code): the one param a client acts on, not only reads.
      ...(typeof error.params?.remaining_attempts === 'number' && {
        remaining_attempts: error.params.remaining_attempts,
      }),
    })),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Failures that say "try again shortly", not "broken": the database is unreachable, restarting
 * or out of connections (`isDatabaseUnavailable`), or a transaction lost a deadlock or
 * serialization race (40P01, 40001) and was rolled back whole.
 */
function isRetryable(error: Error, pgError: PgLikeError | null): boolean {
  return isDatabaseUnavailable(error) || ['40P01', '40001'].includes(pgError?.code ?? '');
}

/** The one place every failure becomes the envelope of PRODUCT.md section 1. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers);
        return sendEnvelope(request, reply, error.status, error.type, [...error.errors]);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.flatMap(codeForIssue);
        return sendEnvelope(request, reply, 400, 'validation_error', issues);
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (known) {
        return sendEnvelope(request, reply, known.status, 'client_error', [
          { code: known.code, attr: null },
        ]);
      }
      const pgError = findPgError(error);
      const mapped = pgError ? mapDatabaseError(pgError) : null;
      if (mapped) {
        request.log.info(
          { pgCode: pgError?.code, constraint: pgError?.constraint },
          'constraint violation',
        );
        return sendEnvelope(request, reply, mapped.status, 'validation_error', [mapped.error]);
      }
      if (isRetryable(error, pgError)) {
        // The database is away, overloaded, or a race was rolled back; nothing half-done: a 503
        // with Retry-After lets clients and load balancers back off and try again.
        request.log.warn({ pgCode: pgError?.code, reason: error.message }, 'database unavailable');
        // A lost race is retried at once; a database that is away takes a few seconds.
        reply.header('retry-after', isDatabaseUnavailable(error) ? '5' : '1');
        return sendEnvelope(request, reply, 503, 'server_error', [
          { code: 'service_unavailable', attr: null },
        ]);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendEnvelope(request, reply, status, 'client_error', [
          { code: STATUS_CODES[status] ?? 'invalid', attr: null },
        ]);
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendEnvelope(request, reply, 500, 'server_error', [
        { code: 'server_error', attr: null },
      ]);
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);
