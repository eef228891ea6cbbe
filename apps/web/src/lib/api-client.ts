import type {
  ErrorEnvelope,
  ErrorItem,
  ErrorType,
  SIGN_OUT_CODES,
} from '@hafla/shared/common/errors';
import type { Language } from '@hafla/shared/common/i18n';
import { i18n } from './i18n';
import { readStoredLanguage } from './language';
import { loginPathFor } from './next-path';
import {
  clearSession,
  getFreshAccessToken,
  getSessionState,
  markSessionEnded,
  readSessionHint,
} from './session';

// Mirrors the shared constant without importing zod into the first download.
const SIGN_OUT_ERROR_CODES: typeof SIGN_OUT_CODES = ['token_not_valid', 'not_authenticated'];

export const LOGIN_PATH = '/auth/login';

export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly errors: ErrorItem[];
  /** Seconds from the `Retry-After` header (a 429: throttled, resend_too_soon; a 503: busy). */
  readonly retryAfter: number | null;

  constructor(status: number, envelope: ErrorEnvelope, retryAfter: number | null = null) {
    super(envelope.errors[0]?.detail ?? envelope.type);
    this.name = 'ApiError';
    this.status = status;
    this.type = envelope.type;
    this.errors = envelope.errors;
    this.retryAfter = retryAfter;
  }

  /** The first error code decides the client's reaction (PRODUCT.md section 1). */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as it is when it is FormData (the browser sets the multipart boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Only calls about the signed-in account itself sign out on a 404 (PRODUCT.md section 1). */
  signOutOnNotFound?: boolean;
  /** False for calls that must not carry the access token (refresh, logout). */
  authenticate?: boolean;
  /** False where a 401 is an answer to handle, not a reason to sign out (refresh, logout). */
  signOutOnAuthError?: boolean;
  /** The refresh-token cookie rides on same-origin requests. */
  credentials?: RequestCredentials;
  /** Lets a request outlive the page, e.g. saving the language just before a reload. */
  keepalive?: boolean;
  /** `blob` answers the body as it came (a PDF download); errors still read the JSON envelope. */
  responseType?: 'json' | 'blob';
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

export interface ApiClientDependencies {
  fetch?: typeof fetch;
  getLanguage?: () => Language;
  getAccessToken?: () => string | null | Promise<string | null>;
  signOut?: () => void;
  networkErrorMessage?: () => string;
  serverErrorMessage?: () => string;
}

const ERROR_TYPES: readonly string[] = ['validation_error', 'client_error', 'server_error'];

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.type === 'string' &&
    ERROR_TYPES.includes(candidate.type) &&
    Array.isArray(candidate.errors) &&
    candidate.errors.length > 0 &&
    candidate.errors.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Record<string, unknown>).code === 'string',
    )
  );
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function fallbackEnvelope(status: number, serverMessage: string): ErrorEnvelope {
  const isServer = status >= 500;
  return {
    type: isServer ? 'server_error' : 'client_error',
    errors: [
      {
        code: isServer ? 'server_error' : status === 404 ? 'not_found' : 'client_error',
        detail: serverMessage,
        attr: null,
      },
    ],
  };
}

async function readErrorEnvelope(
  response: Response,
  serverMessage: string,
): Promise<ErrorEnvelope> {
  try {
    const body: unknown = await response.json();
    if (isErrorEnvelope(body)) return body;
  } catch {
    // A proxy or crashed upstream answered with something other than our JSON envelope.
  }
  return fallbackEnvelope(response.status, serverMessage);
}

function parseRetryAfter(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function shouldSignOut(error: ApiError, options: RequestOptions): boolean {
  if (options.signOutOnAuthError === false) return false;
  const code = error.code;
  if (code && (SIGN_OUT_ERROR_CODES as readonly string[]).includes(code)) return true;
  return error.status === 404 && options.signOutOnNotFound === true;
}

export function createApiClient(dependencies: ApiClientDependencies = {}): ApiClient {
  const {
    getLanguage = () => readStoredLanguage(),
    getAccessToken = getFreshAccessToken,
    signOut = () => {},
    networkErrorMessage = () => i18n.t('errors.network'),
    serverErrorMessage = () => i18n.t('errors.server'),
  } = dependencies;

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getLanguage(),
      ...options.headers,
    };
    const token = options.authenticate === false ? null : await getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = options.body !== undefined;
    const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (hasBody && !isFormData) headers['Content-Type'] = 'application/json';

    // Looked up per call so tests and the browser can swap the network boundary.
    const fetchImpl = dependencies.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: isFormData
          ? (options.body as FormData)
          : hasBody
            ? JSON.stringify(options.body)
            : undefined,
        signal: options.signal,
        // The API's public answers may be kept by a shared cache in front of it, stale for a few
        // seconds (catalog lists: minutes) while it revalidates them (decision 0017). A browser
        // honours those directives too, and would show such a stale copy; the app's own cache is
        // the query client, so the browser's asks the server every time (a 304 when unchanged).
        cache: 'no-cache',
        ...(options.credentials ? { credentials: options.credentials } : {}),
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, {
        type: 'client_error',
        errors: [{ code: 'network_error', detail: networkErrorMessage(), attr: null }],
      });
    }

    if (!response.ok) {
      const error = new ApiError(
        response.status,
        await readErrorEnvelope(response, serverErrorMessage()),
        parseRetryAfter(response),
      );
      if (shouldSignOut(error, options)) signOut();
      throw error;
    }

    if (response.status === 204) return undefined as T;
    if (options.responseType === 'blob') return (await response.blob()) as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
  };
}

let navigateToLogin: (path: string) => void = (path) => window.location.assign(path);

/** The router registers a client-side navigation so a forced sign-out keeps the SPA running. */
export function setLoginNavigator(navigate: (path: string) => void): void {
  navigateToLogin = navigate;
}

/** PRODUCT.md section 1: a refused token ends the session here and now, token and hint alike. */
export function signOutAndRedirect(): void {
  // A session this tab had (not a visitor's refused call): the sign-in page says it ended.
  if (getSessionState().status !== 'signed-out' || readSessionHint() !== null) markSessionEnded();
  clearSession();
  const { pathname, search } = window.location;
  if (pathname === LOGIN_PATH) return;
  // Signing in again brings the reader back to the page they were on.
  navigateToLogin(loginPathFor(pathname + search));
}

export const apiClient = createApiClient({ signOut: signOutAndRedirect });
