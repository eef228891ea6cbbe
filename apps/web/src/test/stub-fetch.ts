import { vi } from 'vitest';
import type { ErrorEnvelope } from '@hafla/shared/common/errors';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string, detail = code): Response {
  const envelope: ErrorEnvelope = {
    type: status >= 500 ? 'server_error' : 'client_error',
    errors: [{ code, detail, attr: null }],
  };
  return jsonResponse(envelope, status);
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
  /** How the browser's HTTP cache was told to treat the request. */
  cache: RequestCache | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Routes keyed by `"GET /api/v1/path/"`; anything else answers the API's 404 envelope. */
export function stubFetch(routes: Record<string, Handler | object>) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
      cache: init.cache,
    };
    requests.push(request);
    const route = routes[`${request.method} ${url.pathname}`];
    if (route === undefined) return errorResponse(404, 'not_found', 'Not found.');
    return typeof route === 'function' ? (route as Handler)(request) : jsonResponse(route);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { fetchStub, requests };
}
