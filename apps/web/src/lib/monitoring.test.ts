import { describe, expect, it, vi } from 'vitest';
import { appInfo } from '../test/fixtures';
import { startMonitoring } from './monitoring';
import type { StartMonitoringOptions } from './monitoring';

type LoadSdk = NonNullable<StartMonitoringOptions['loadSdk']>;

/** Stands in for the Sentry SDK: the outside boundary, recording what it was asked to do. */
function fakeSdk() {
  const init = vi.fn();
  const sdk = {
    init,
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
    replayIntegration: vi.fn((options: unknown) => ({ name: 'Replay', options })),
    captureException: vi.fn(),
  };
  const loadSdk = vi.fn(() => Promise.resolve(sdk)) as unknown as LoadSdk;
  return { sdk, init, loadSdk };
}

describe('startMonitoring', () => {
  it('never downloads the SDK when the API names no DSN', async () => {
    const { loadSdk } = fakeSdk();

    await expect(startMonitoring(appInfo, { loadSdk })).resolves.toBe(false);

    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('initialises the SDK with the tunnel, sampling rates and masked replays', async () => {
    const { sdk, init, loadSdk } = fakeSdk();
    const monitored = {
      ...appInfo,
      monitoring: { dsn: 'https://public@errors.example.org/1', tunnel: '/monitoring' },
    };

    await expect(startMonitoring(monitored, { loadSdk, environment: 'test' })).resolves.toBe(true);

    expect(init).toHaveBeenCalledOnce();
    expect(init.mock.calls[0]?.[0]).toMatchObject({
      dsn: 'https://public@errors.example.org/1',
      tunnel: '/monitoring',
      release: 'hafla-web@0.1.0',
      environment: 'test',
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
    });
    expect(sdk.browserTracingIntegration).toHaveBeenCalledOnce();
    expect(sdk.replayIntegration).toHaveBeenCalledWith({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
  });
});
