import type { User } from '@hafla/shared/auth/users';

/** Where a fresh sign-in goes: finish the account first, else back where the reader was. */
export function signInDestination(user: User, next: string | null): string {
  if (!user.is_profile_complete) {
    return next
      ? `/auth/complete-registration?${new URLSearchParams({ next }).toString()}`
      : '/auth/complete-registration';
  }
  return next ?? '/';
}

export function verifyEmailPath(email: string): string {
  return `/auth/verify-email?${new URLSearchParams({ email }).toString()}`;
}

export function verifyOtpPath(email: string): string {
  return `/auth/verify-otp?${new URLSearchParams({ email }).toString()}`;
}
