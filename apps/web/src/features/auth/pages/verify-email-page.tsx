import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { isolate } from '../../../lib/bidi';
import { signIn } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { readResendAvailableAt, rememberLoggingEmail } from '../auth-storage';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { OtpForm } from '../components/otp-form';
import { signInDestination } from '../sign-in-destination';

export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const verify = useVerifyEmail();

  function submitCode(otp: string) {
    verify.mutate(
      { email, otp },
      {
        onSuccess: (tokens) => {
          rememberLoggingEmail(email);
          signIn(tokens);
          void navigate(signInDestination(tokens.user, null), { replace: true });
        },
      },
    );
  }

  return (
    <AuthLayout page="verifyEmail">
      {email ? (
        <>
          <Stack gap={4}>
            <Text>{t('otp.sentTo', { email: isolate(email) })}</Text>
            <Text size="sm">{t('otp.checkSpam')}</Text>
          </Stack>
          <OtpForm
            email={email}
            purpose="verify_email"
            submitLabel={t('verifyEmail.submit')}
            isSubmitting={verify.isPending}
            submitError={verify.error}
            onSubmit={submitCode}
            initialResendAvailableAt={readResendAvailableAt(state)}
          />
        </>
      ) : (
        <FormAlert message={t('otp.missingEmail')} />
      )}
      <AuthLink to="/auth/register">{t('verifyEmail.startOver')}</AuthLink>
    </AuthLayout>
  );
}
