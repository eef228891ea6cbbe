import { z } from 'zod';
import { User, UserType } from './users';
import { PHONE_PATTERN } from '../common/phone';

/** Emails are compared trimmed and lower-cased everywhere. */
export const Email = z.string().trim().toLowerCase().max(254).email();

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Strength rules beyond length (not the email, not common) are checked by the API. */
export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const OTP_LENGTH = 6;
export const Otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const OtpPurpose = z.enum(['verify_email', 'reset_password']);
export type OtpPurpose = z.infer<typeof OtpPurpose>;

export const RegisterRequest = z.strictObject({ email: Email, password: NewPassword });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Answer to register, resend and forgot-password: the same whether or not the email is known. */
export const OtpSent = z.object({
  detail: z.string(),
  email: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds before another code may be requested. */
  resend_in: z.number().int(),
});
export type OtpSent = z.infer<typeof OtpSent>;

export const VerifyEmailRequest = z.strictObject({ email: Email, otp: Otp });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

export const ResendOtpRequest = z.strictObject({ email: Email, purpose: OtpPurpose });
export type ResendOtpRequest = z.infer<typeof ResendOtpRequest>;

export const Phone = z.string().trim().regex(PHONE_PATTERN);

export const CompleteRegistrationRequest = z
  .strictObject({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    phone: Phone.nullish(),
    user_type: UserType,
    organization_name: z.string().trim().min(2).max(200).nullish(),
    bio: z.string().trim().max(2000).nullish(),
  })
  .superRefine((value, context) => {
    if (value.user_type === 'organizer' && !value.organization_name) {
      context.addIssue({
        code: 'custom',
        path: ['organization_name'],
        message: 'Organizers need an organization name',
        params: { code: 'required' },
      });
    }
  });
export type CompleteRegistrationRequest = z.infer<typeof CompleteRegistrationRequest>;

export const LoginRequest = z.strictObject({
  email: Email,
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Signing in, verifying the email: a short-lived access JWT and an opaque refresh token. */
export const AuthTokens = z.object({
  access: z.string(),
  refresh: z.string(),
  user: User,
});
export type AuthTokens = z.infer<typeof AuthTokens>;

/** Browsers may omit `refresh`: the API also keeps it in an httpOnly cookie. */
export const RefreshRequest = z.strictObject({ refresh: z.string().min(1).max(512).optional() });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const RefreshedTokens = z.object({ access: z.string(), refresh: z.string() });
export type RefreshedTokens = z.infer<typeof RefreshedTokens>;

export const LogoutRequest = RefreshRequest;

export const ForgotPasswordRequest = z.strictObject({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const VerifyOtpRequest = z.strictObject({ email: Email, otp: Otp });
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequest>;

export const ResetToken = z.object({ reset_token: z.string(), expires_in: z.number().int() });
export type ResetToken = z.infer<typeof ResetToken>;

export const PasswordResetRequest = z.strictObject({
  reset_token: z.string().min(1).max(512),
  password: NewPassword,
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const PasswordChangeRequest = z.strictObject({
  old_password: z.string().min(1).max(1024),
  new_password: NewPassword,
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

/** Password change answers fresh tokens: every other session has just been ended. */
export const PasswordChanged = AuthTokens;

export const Detail = z.object({ detail: z.string() });
export type Detail = z.infer<typeof Detail>;
