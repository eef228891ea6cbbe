import { useNavigate } from 'react-router';
import { signIn } from '../../../lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { rememberLoggingEmail } from '../auth-storage';
import { CodeStep } from '../components/code-step';
import { signInDestination } from '../sign-in-destination';

export function VerifyEmailPage() {
  const navigate = useNavigate();
  const verify = useVerifyEmail();

  function submitCode(email: string, otp: string) {
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
    <CodeStep
      page="verifyEmail"
      purpose="verify_email"
      isSubmitting={verify.isPending}
      submitError={verify.error}
      onSubmit={submitCode}
      startOverTo="/auth/register"
    />
  );
}
