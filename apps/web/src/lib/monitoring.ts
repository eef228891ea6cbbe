import type { AppInfo } from '@hafla/shared/catalog/app-config';
import type * as SentrySdk from '@sentry/react';

type SentryModule = typeof SentrySdk;

export interface StartMonitoringOptions {
  environment?: string;
  /** The SDK is loaded on demand so visitors of an unmonitored install never download it. */
  loadSdk?: () => Promise<SentryModule>;
}

const DEFAULT_TUNNEL = '/monitoring';

let sdk: SentryModule | null = null;
let starting: Promise<boolean> | null = null;

async function initialiseSdk(
  appInfo: Pick<AppInfo, 'version' | 'monitoring'>,
  dsn: string,
  {
    environment = import.meta.env.MODE,
    loadSdk = () => import('@sentry/react'),
  }: StartMonitoringOptions,
): Promise<boolean> {
  const sentry = await loadSdk();
  // PRODUCT.md section 10: every trace, every errored session replayed, 10% of all sessions.
  sentry.init({
    dsn,
    tunnel: appInfo.monitoring.tunnel || DEFAULT_TUNNEL,
    release: `hafla-web@${appInfo.version}`,
    environment,
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    integrations: [
      sentry.browserTracingIntegration(),
      sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
  });
  sdk = sentry;
  return true;
}

/** Starts error reporting when the API names a DSN; resolves to whether it is running. */
export function startMonitoring(
  appInfo: Pick<AppInfo, 'version' | 'monitoring'>,
  options: StartMonitoringOptions = {},
): Promise<boolean> {
  const dsn = appInfo.monitoring.dsn;
  if (!dsn) return Promise.resolve(false);
  starting ??= initialiseSdk(appInfo, dsn, options).catch(() => {
    starting = null;
    return false;
  });
  return starting;
}

export function reportError(error: unknown): void {
  sdk?.captureException(error);
}
