import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmailField } from '../../../components/email-field';
import { FormAlert } from '../../../components/form-alert';
import { validateEmail } from '../../../lib/password-rules';
import { splitApiErrors, useForm } from '../../../lib/use-form';
import { useForgotPassword } from '../api/forgot-password';
import { otpNavigationState, readLoggingEmail } from '../auth-storage';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { verifyOtpPath } from '../sign-in-destination';

export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const form = useForm({
    initialValues: { email: readLoggingEmail() },
    validate: { email: validateEmail },
  });

  const submit = form.onSubmit(({ email }) => {
    const trimmedEmail = email.trim();
    forgotPassword.mutate(
      { email: trimmedEmail },
      {
        onSuccess: (sent) =>
          void navigate(verifyOtpPath(trimmedEmail), {
            state: otpNavigationState(sent.resend_in),
          }),
        // PRODUCT.md section 1: a failed forgot-password call shows only its message.
        onError: (error) => form.setFormError(splitApiErrors(error, []).message),
      },
    );
  });

  return (
    <AuthLayout page="forgotPassword">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <EmailField label={t('forgotPassword.email')} {...form.inputs.email} />
          <Button type="submit" loading={forgotPassword.isPending} fullWidth>
            {t('forgotPassword.submit')}
          </Button>
        </Stack>
      </form>
      <AuthLink to="/auth/login">{t('forgotPassword.backToLogin')}</AuthLink>
    </AuthLayout>
  );
}
