import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { isolate } from '../../../lib/bidi';
import { useVerifyOtp } from '../api/verify-otp';
import { readResendAvailableAt, savePasswordReset } from '../auth-storage';
import { AuthLayout } from '../components/auth-layout';
import { AuthLink } from '../components/auth-link';
import { OtpForm } from '../components/otp-form';

export function VerifyOtpPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const verify = useVerifyOtp();

  function submitCode(otp: string) {
    verify.mutate(
      { email, otp },
      {
        onSuccess: ({ reset_token, expires_in }) => {
          savePasswordReset({ email, reset_token, expires_at: Date.now() + expires_in * 1000 });
          void navigate('/auth/reset-password', { replace: true });
        },
      },
    );
  }

  return (
    <AuthLayout page="verifyOtp">
      {email ? (
        <>
          <Stack gap={4}>
            <Text>{t('otp.sentTo', { email: isolate(email) })}</Text>
            <Text size="sm">{t('otp.checkSpam')}</Text>
          </Stack>
          <OtpForm
            email={email}
            purpose="reset_password"
            submitLabel={t('verifyOtp.submit')}
            isSubmitting={verify.isPending}
            submitError={verify.error}
            onSubmit={submitCode}
            initialResendAvailableAt={readResendAvailableAt(state)}
          />
        </>
      ) : (
        <FormAlert message={t('otp.missingEmail')} />
      )}
      <AuthLink to="/auth/forgot-password">{t('verifyOtp.startOver')}</AuthLink>
    </AuthLayout>
  );
}
