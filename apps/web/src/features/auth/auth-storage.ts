/**
 * What the account flows keep between pages. Nothing here is a credential that outlives the
 * tab: the reset token sits in sessionStorage for its few minutes, and the login email
 * (PRODUCT.md section 2: `loggingEmail`) is only a convenience.
 */
export const LOGGING_EMAIL_STORAGE_KEY = 'loggingEmail';
const RESET_TOKEN_STORAGE_KEY = 'passwordReset';

export function readLoggingEmail(): string {
  try {
    return window.localStorage.getItem(LOGGING_EMAIL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberLoggingEmail(email: string): void {
  try {
    window.localStorage.setItem(LOGGING_EMAIL_STORAGE_KEY, email.trim());
  } catch {
    // Private mode without storage: the next sign-in starts with an empty field.
  }
}

export interface PasswordReset {
  email: string;
  reset_token: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

// Memory first; sessionStorage lets the reset page survive a reload of the tab.
let pendingReset: PasswordReset | null = null;

export function savePasswordReset(reset: PasswordReset): void {
  pendingReset = reset;
  try {
    window.sessionStorage.setItem(RESET_TOKEN_STORAGE_KEY, JSON.stringify(reset));
  } catch {
    // Memory alone then: a reload asks for a new code.
  }
}

export function readPasswordReset(): PasswordReset | null {
  if (pendingReset && pendingReset.expires_at > Date.now()) return pendingReset;
  try {
    const raw = window.sessionStorage.getItem(RESET_TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PasswordReset>;
    if (
      typeof parsed.email !== 'string' ||
      typeof parsed.reset_token !== 'string' ||
      typeof parsed.expires_at !== 'number' ||
      parsed.expires_at <= Date.now()
    ) {
      return null;
    }
    return parsed as PasswordReset;
  } catch {
    return null;
  }
}

export function clearPasswordReset(): void {
  pendingReset = null;
  try {
    window.sessionStorage.removeItem(RESET_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Carried in history state to the OTP pages so the resend countdown survives a reload. */
export interface OtpNavigationState {
  resendAvailableAt: number;
}

export function otpNavigationState(resendInSeconds: number): OtpNavigationState {
  return { resendAvailableAt: Date.now() + resendInSeconds * 1000 };
}

export function readResendAvailableAt(state: unknown): number {
  if (typeof state !== 'object' || state === null) return 0;
  const value = (state as Record<string, unknown>).resendAvailableAt;
  return typeof value === 'number' ? value : 0;
}
