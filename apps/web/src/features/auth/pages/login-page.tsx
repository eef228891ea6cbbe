import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmailField } from '../../../components/email-field';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField } from '../../../components/password-field';
import { isApiError } from '../../../lib/api-client';
import { safeNextPath } from '../../../lib/next-path';
import { validateEmail } from '../../../lib/password-rules';
import { hasSessionEnded, signIn } from '../../../lib/session';
import { splitApiErrors, useForm } from '../../../lib/use-form';
import { useLogin } from '../api/login';
import { useResendOtp } from '../api/resend-otp';
import { otpNavigationState, readLoggingEmail, rememberLoggingEmail } from '../auth-storage';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { signInDestination, verifyEmailPath } from '../sign-in-destination';

interface UnverifiedAccount {
  email: string;
  message: string;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const login = useLogin();
  const resend = useResendOtp();
  const [unverified, setUnverified] = useState<UnverifiedAccount | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  // Here because a session ended on its own (expired or revoked), not by signing out.
  const [hasEnded] = useState(hasSessionEnded);
  const form = useForm({
    initialValues: { email: searchParams.get('email') ?? readLoggingEmail(), password: '' },
    validate: {
      email: validateEmail,
      password: (password) => (password ? null : t('login.passwordRequired')),
    },
  });

  const submit = form.onSubmit(({ email, password }) => {
    setUnverified(null);
    setResendError(null);
    const trimmedEmail = email.trim();
    login.mutate(
      { email: trimmedEmail, password },
      {
        onSuccess: (tokens) => {
          rememberLoggingEmail(trimmedEmail);
          signIn(tokens);
          void navigate(signInDestination(tokens.user, next), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'email_not_verified') {
            rememberLoggingEmail(trimmedEmail);
            setUnverified({ email: trimmedEmail, message: error.message });
            return;
          }
          form.showApiError(error);
        },
      },
    );
  });

  function sendNewCode(email: string) {
    setResendError(null);
    resend.mutate(
      { email, purpose: 'verify_email' },
      {
        onSuccess: (sent) =>
          void navigate(verifyEmailPath(email), { state: otpNavigationState(sent.resend_in) }),
        onError: (error) => {
          // A code went out moments ago and is still valid: the verify page can take it.
          if (isApiError(error) && error.code === 'resend_too_soon' && error.retryAfter !== null) {
            void navigate(verifyEmailPath(email), {
              state: otpNavigationState(error.retryAfter),
            });
            return;
          }
          // PRODUCT.md section 1: a failed resend shows only its message.
          setResendError(splitApiErrors(error, []).message);
        },
      },
    );
  }

  return (
    <AuthLayout page="login">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {hasEnded && !form.formError && (
            <FormAlert tone="info" title={t('login.sessionEnded.title')} message={null}>
              {t('login.sessionEnded.text')}
            </FormAlert>
          )}
          <FormAlert message={form.formError} />
          {unverified && (
            <FormAlert message={unverified.message}>
              <Button
                mt="sm"
                variant="filled"
                loading={resend.isPending}
                onClick={() => sendNewCode(unverified.email)}
              >
                {t('login.resendCode')}
              </Button>
            </FormAlert>
          )}
          <FormAlert message={resendError} />
          <EmailField label={t('login.email')} {...form.inputs.email} />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            {...form.inputs.password}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Stack gap={0}>
        <AuthLink to="/auth/forgot-password">{t('login.forgotPassword')}</AuthLink>
        <Group gap="xs">
          <Text>{t('login.noAccount')}</Text>
          <AuthLink to="/auth/register">{t('login.register')}</AuthLink>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
