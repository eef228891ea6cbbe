import { z } from 'zod';

export const ErrorType = z.enum(['validation_error', 'client_error', 'server_error']);
export type ErrorType = z.infer<typeof ErrorType>;

export const ErrorItem = z.object({
  code: z.string(),
  detail: z.string(),
  attr: z.string().nullable(),
  /** How many more tries the thing refused allows (a one-time code: `otp_invalid`, `otp_locked`). */
  remaining_attempts: z.number().int().min(0).optional(),
});
export type ErrorItem = z.infer<typeof ErrorItem>;

/** The one body every non-2xx answer carries (PRODUCT.md section 1). */
export const ErrorEnvelope = z.object({
  type: ErrorType,
  errors: z.array(ErrorItem).min(1),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Codes after which the client signs the user out and goes to /auth/login. */
export const SIGN_OUT_CODES = ['token_not_valid', 'not_authenticated'] as const;
