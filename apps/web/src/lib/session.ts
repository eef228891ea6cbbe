/** The signed-in session (PRODUCT.md section 2); accounts arrive in a later issue. */
export interface Session {
  user_id: number;
  access: string;
}

export const SESSION_STORAGE_KEY = 'session';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.access === 'string' && candidate.access.length > 0;
}

export function readSession(storage = defaultStorage()): Session | null {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session, storage = defaultStorage()): void {
  storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function clearSession(storage = defaultStorage()): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage unavailable: there is no stored session to clear.
  }
}
