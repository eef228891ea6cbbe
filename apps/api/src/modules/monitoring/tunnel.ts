import { AppError } from '../../lib/app-error';

export interface Dsn {
  protocol: string;
  publicKey: string;
  host: string;
  pathPrefix: string;
  projectId: string;
}

/** Parses `scheme://publicKey@host[:port][/prefix]/projectId`; null when it is not a DSN. */
export function parseDsn(value: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) return null;
  return {
    protocol: url.protocol,
    publicKey: decodeURIComponent(url.username),
    host: url.host,
    pathPrefix: segments.length > 0 ? `/${segments.join('/')}` : '',
    projectId,
  };
}

export function envelopeUrl(dsn: Dsn): string {
  return `${dsn.protocol}//${dsn.host}${dsn.pathPrefix}/api/${dsn.projectId}/envelope/`;
}

/**
 * Checks that an error-report envelope names the configured project; anything else is refused
 * so the tunnel can never be used to reach another host.
 */
export function checkEnvelope(body: Buffer, configured: Dsn): void {
  const newline = body.indexOf(0x0a);
  const headerText = (newline === -1 ? body : body.subarray(0, newline)).toString('utf8');
  let header: unknown;
  try {
    header = JSON.parse(headerText);
  } catch {
    throw new AppError('monitoring_rejected', { status: 400 });
  }
  const dsnText = (header as { dsn?: unknown } | null)?.dsn;
  const dsn = typeof dsnText === 'string' ? parseDsn(dsnText) : null;
  const matches =
    dsn !== null &&
    dsn.host === configured.host &&
    dsn.protocol === configured.protocol &&
    dsn.pathPrefix === configured.pathPrefix &&
    dsn.projectId === configured.projectId &&
    dsn.publicKey === configured.publicKey;
  if (!matches) throw new AppError('monitoring_rejected', { status: 403 });
}
