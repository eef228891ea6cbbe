import type { ErrorType } from '@hafla/shared/common/errors';

export interface AppErrorOptions {
  status?: number;
  attr?: string | null;
  /** Values interpolated into the translated detail, e.g. `{ max: 5 }`. */
  params?: Record<string, string | number>;
  type?: ErrorType;
  headers?: Record<string, string>;
  /** Several problems at once (a chart's publishing checks); `code` and `attr` are the first's. */
  errors?: ReadonlyArray<AppErrorItem>;
}

export interface AppErrorItem {
  code: string;
  attr: string | null;
  params?: Record<string, string | number>;
}

/** The one error type services throw; the error handler renders it as the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly attr: string | null;
  readonly params: Record<string, string | number>;
  readonly type: ErrorType;
  readonly headers: Record<string, string>;
  readonly errors: ReadonlyArray<AppErrorItem>;

  constructor(
    readonly code: string,
    options: AppErrorOptions = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = options.status ?? 400;
    this.attr = options.attr ?? null;
    this.params = options.params ?? {};
    this.type = options.type ?? (this.status >= 500 ? 'server_error' : 'client_error');
    this.headers = options.headers ?? {};
    this.errors = options.errors ?? [{ code, attr: this.attr, params: this.params }];
  }
}

export const notFound = (attr: string | null = null) =>
  new AppError('not_found', { status: 404, attr });

/** A 400 about one field of the input (`attr`), like the schema's own field errors. */
export const fieldError = (
  code: string,
  attr: string | null,
  params?: Record<string, string | number>,
) => new AppError(code, { status: 400, attr, params, type: 'validation_error' });

/** A 400 listing several field errors at once, in the order given (at least one). */
export const fieldErrors = (errors: ReadonlyArray<AppErrorItem>) => {
  const [first] = errors;
  if (!first) throw new RangeError('fieldErrors needs at least one error');
  return new AppError(first.code, {
    status: 400,
    attr: first.attr,
    params: first.params,
    type: 'validation_error',
    errors,
  });
};
