import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmailField } from '../../../components/email-field';
import { FormAlert } from '../../../components/form-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import {
  validateEmail,
  validateNewPassword,
  validatePasswordConfirmation,
} from '../../../lib/password-rules';
import { useForm } from '../../../lib/use-form';
import { useRegister } from '../api/register';
import { otpNavigationState, rememberLoggingEmail } from '../auth-storage';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { verifyEmailPath } from '../sign-in-destination';

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({
    initialValues: { email: '', password: '', confirm_password: '' },
    validate: {
      email: validateEmail,
      password: (password, values) => validateNewPassword(password, values.email),
      confirm_password: (confirmation, values) =>
        validatePasswordConfirmation(confirmation, values.password),
    },
  });

  const submit = form.onSubmit(({ email, password }) => {
    register.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (sent) => {
          rememberLoggingEmail(sent.email);
          void navigate(verifyEmailPath(sent.email), {
            state: otpNavigationState(sent.resend_in),
          });
        },
        onError: form.showApiError,
      },
    );
  });

  return (
    <AuthLayout page="register">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <EmailField label={t('register.email')} {...form.inputs.email} />
          <NewPasswordFields
            passwordLabel={t('register.password')}
            confirmLabel={t('register.confirmPassword')}
            passwordProps={form.inputs.password}
            confirmProps={form.inputs.confirm_password}
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Group gap="xs">
        <Text>{t('register.haveAccount')}</Text>
        <AuthLink to="/auth/login">{t('register.signIn')}</AuthLink>
      </Group>
    </AuthLayout>
  );
}
