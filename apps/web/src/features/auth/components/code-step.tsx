import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { OtpPurpose } from '@hafla/shared/auth/requests';
import { FormAlert } from '../../../components/form-alert';
import { isolate } from '../../../lib/bidi';
import { readResendAvailableAt } from '../auth-storage';
import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { OtpForm } from './otp-form';

export interface CodeStepProps {
  page: 'verifyEmail' | 'verifyOtp';
  purpose: OtpPurpose;
  isSubmitting: boolean;
  submitError: unknown;
  onSubmit(email: string, otp: string): void;
  /** Where "use another email address" leads. */
  startOverTo: string;
}

/** The screen that asks for an emailed code: the address it went to, the code boxes, resend. */
export function CodeStep({
  page,
  purpose,
  isSubmitting,
  submitError,
  onSubmit,
  startOverTo,
}: CodeStepProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { state } = useLocation();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';

  return (
    <AuthLayout page={page}>
      {email ? (
        <>
          <Stack gap={4}>
            <Text>{t('otp.sentTo', { email: isolate(email) })}</Text>
            <Text size="sm">{t('otp.checkSpam')}</Text>
          </Stack>
          <OtpForm
            email={email}
            purpose={purpose}
            submitLabel={t(`${page}.submit`)}
            isSubmitting={isSubmitting}
            submitError={submitError}
            onSubmit={(otp) => onSubmit(email, otp)}
            initialResendAvailableAt={readResendAvailableAt(state)}
          />
        </>
      ) : (
        <FormAlert message={t('otp.missingEmail')} />
      )}
      <AuthLink to={startOverTo}>{t(`${page}.startOver`)}</AuthLink>
    </AuthLayout>
  );
}
