import type {
  ErrorEnvelope,
  ErrorItem,
  ErrorType,
  SIGN_OUT_CODES,
} from '@hafla/shared/common/errors';
import type { Language } from '@hafla/shared/common/i18n';
import { i18n } from './i18n';
import { readStoredLanguage } from './language';
import { clearSession, readSession } from './session';

// Mirrors the shared constant without importing zod into the first download.
const SIGN_OUT_ERROR_CODES: typeof SIGN_OUT_CODES = ['token_not_valid', 'not_authenticated'];

export const LOGIN_PATH = '/auth/login';

export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly errors: ErrorItem[];

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.errors[0]?.detail ?? envelope.type);
    this.name = 'ApiError';
    this.status = status;
    this.type = envelope.type;
    this.errors = envelope.errors;
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
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Only calls about the signed-in account itself sign out on a 404 (PRODUCT.md section 1). */
  signOutOnNotFound?: boolean;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

export interface ApiClientDependencies {
  fetch?: typeof fetch;
  getLanguage?: () => Language;
  getAccessToken?: () => string | null;
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

function shouldSignOut(error: ApiError, options: RequestOptions): boolean {
  const code = error.code;
  if (code && (SIGN_OUT_ERROR_CODES as readonly string[]).includes(code)) return true;
  return error.status === 404 && options.signOutOnNotFound === true;
}

export function createApiClient(dependencies: ApiClientDependencies = {}): ApiClient {
  const {
    getLanguage = () => readStoredLanguage(),
    getAccessToken = () => readSession()?.access ?? null,
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
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    // Looked up per call so tests and the browser can swap the network boundary.
    const fetchImpl = dependencies.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
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
      );
      if (shouldSignOut(error, options)) signOut();
      throw error;
    }

    if (response.status === 204) return undefined as T;
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

export function signOutAndRedirect(): void {
  clearSession();
  if (window.location.pathname !== LOGIN_PATH) navigateToLogin(LOGIN_PATH);
}

export const apiClient = createApiClient({ signOut: signOutAndRedirect });
