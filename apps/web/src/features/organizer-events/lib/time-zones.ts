/** The zone this browser runs in: a sensible default for a new event. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let cached: string[] | null = null;

/**
 * Every IANA zone this browser knows, sorted, with UTC. `supportedValuesOf` lists canonical
 * names only, so an alias the browser reports for itself (Asia/Calcutta) is added too.
 */
export function supportedTimeZones(): string[] {
  if (cached) return cached;
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', browserTimeZone()]);
  cached = [...all].sort((a, b) => a.localeCompare(b));
  return cached;
}
