import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { isApiError } from '../../../lib/api-client';
import { validateNewPassword, validatePasswordConfirmation } from '../../../lib/password-rules';
import { useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/reset-password';
import { clearPasswordReset, readPasswordReset, rememberLoggingEmail } from '../auth-storage';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';

function loginPathWithEmail(email: string): string {
  return `/auth/login?${new URLSearchParams({ email }).toString()}`;
}

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [reset] = useState(readPasswordReset);
  const [isExpired, setIsExpired] = useState(reset === null);
  const [isDone, setIsDone] = useState(false);
  const resetPassword = useResetPassword();
  const email = reset?.email ?? '';
  const form = useForm({
    initialValues: { password: '', confirm_password: '' },
    validate: {
      password: (password) => validateNewPassword(password, email),
      confirm_password: (confirmation, values) =>
        validatePasswordConfirmation(confirmation, values.password),
    },
  });

  const submit = form.onSubmit(({ password }) => {
    if (!reset) return;
    resetPassword.mutate(
      { reset_token: reset.reset_token, password },
      {
        onSuccess: () => {
          clearPasswordReset();
          rememberLoggingEmail(reset.email);
          setIsDone(true);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'reset_token_invalid') {
            clearPasswordReset();
            setIsExpired(true);
            return;
          }
          form.showApiError(error);
        },
      },
    );
  });

  if (isDone) {
    return (
      <AuthLayout page="resetPassword">
        <FormAlert
          tone="success"
          title={t('resetPassword.successTitle')}
          message={t('resetPassword.successText')}
        />
        <Button component={Link} to={loginPathWithEmail(email)} fullWidth>
          {t('resetPassword.signIn')}
        </Button>
      </AuthLayout>
    );
  }

  if (isExpired) {
    return (
      <AuthLayout page="resetPassword">
        <FormAlert message={t('resetPassword.expired')} />
        <Button component={Link} to="/auth/forgot-password" fullWidth>
          {t('resetPassword.requestNew')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout page="resetPassword">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields
            passwordLabel={t('resetPassword.password')}
            confirmLabel={t('resetPassword.confirmPassword')}
            passwordProps={form.inputs.password}
            confirmProps={form.inputs.confirm_password}
          />
          <Button type="submit" loading={resetPassword.isPending} fullWidth>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
      <AuthLink to="/auth/login">{t('forgotPassword.backToLogin')}</AuthLink>
    </AuthLayout>
  );
}
