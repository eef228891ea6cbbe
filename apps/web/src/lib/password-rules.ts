import type {
  OTP_LENGTH as SHARED_OTP_LENGTH,
  PASSWORD_MAX_LENGTH as SHARED_PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH as SHARED_PASSWORD_MIN_LENGTH,
} from '@hafla/shared/auth/requests';
import { PHONE_PATTERN } from '@hafla/shared/common/phone';
import { i18n } from './i18n';

// Mirrors the shared constants without pulling zod into the page chunks: importing the values
// would bring the whole schema module. The literal types make tsc fail if they drift apart.
export const PASSWORD_MIN_LENGTH: typeof SHARED_PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH: typeof SHARED_PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH: typeof SHARED_OTP_LENGTH = 6;

// Deliberately loose: the API has the final word, this only catches obvious typos early.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return i18n.t('form.emailRequired');
  return EMAIL_PATTERN.test(email) ? null : i18n.t('form.emailInvalid');
}

/** An optional phone number: empty, or written as the API accepts it. */
export function validatePhone(value: string): string | null {
  const phone = value.trim();
  return !phone || PHONE_PATTERN.test(phone) ? null : i18n.t('form.phoneInvalid');
}

export function validateRequired(value: string): string | null {
  return value.trim() ? null : i18n.t('form.required');
}

/** The rules the API applies that the browser can check; "not common" is the API's alone. */
export function validateNewPassword(password: string, email?: string): string | null {
  if (!password) return i18n.t('password.errors.required');
  if (password.length < PASSWORD_MIN_LENGTH) {
    return i18n.t('password.errors.tooShort', { min: PASSWORD_MIN_LENGTH });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return i18n.t('password.errors.tooLong', { max: PASSWORD_MAX_LENGTH });
  }
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return i18n.t('password.errors.sameAsEmail');
  }
  return null;
}

export function validatePasswordConfirmation(
  confirmation: string,
  password: string,
): string | null {
  if (!confirmation) return i18n.t('password.errors.confirmRequired');
  return confirmation === password ? null : i18n.t('password.errors.mismatch');
}

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** Arabic keyboards type ٠–٩ (or ۰–۹); the API expects ASCII digits. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero =
      code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}
