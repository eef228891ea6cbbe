import { useNavigate } from 'react-router';
import { useVerifyOtp } from '../api/verify-otp';
import { savePasswordReset } from '../auth-storage';
import { CodeStep } from '../components/code-step';

export function VerifyOtpPage() {
  const navigate = useNavigate();
  const verify = useVerifyOtp();

  function submitCode(email: string, otp: string) {
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
    <CodeStep
      page="verifyOtp"
      purpose="reset_password"
      isSubmitting={verify.isPending}
      submitError={verify.error}
      onSubmit={submitCode}
      startOverTo="/auth/forgot-password"
    />
  );
}
