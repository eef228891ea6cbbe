import '@mantine/core/styles/PinInput.layer.css';
import { Button, Input, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpPurpose } from '@hafla/shared/auth/requests';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-client';
import { isolate } from '../../../lib/bidi';
import { OTP_LENGTH, toAsciiDigits } from '../../../lib/password-rules';
import { splitApiErrors } from '../../../lib/use-form';
import { useResendOtp } from '../api/resend-otp';
import { formatCountdown, useCountdown } from '../../../lib/use-countdown';
import classes from './auth.module.css';

// ASCII digits and the two Arabic digit sets an Arabic keyboard may type; sent as ASCII.
const OTP_CHARACTERS = /^[0-9\u0660-\u0669\u06F0-\u06F9]+$/;

interface ResendButtonProps {
  ref?: Ref<HTMLButtonElement>;
  availableAt: number;
  isPending: boolean;
  onClick: () => void;
}

/** Keyed by its deadline, so a new code's countdown starts over from the new `resend_in`. */
function ResendButton({ ref, availableAt, isPending, onClick }: ResendButtonProps) {
  const { t } = useTranslation('auth');
  const secondsLeft = useCountdown(availableAt);
  return (
    <>
      <Button
        ref={ref}
        variant="default"
        onClick={onClick}
        disabled={secondsLeft > 0}
        loading={isPending}
        fullWidth
      >
        {t('otp.resend')}
      </Button>
      {secondsLeft > 0 && (
        <Text size="sm" ta="center">
          {t('otp.resendIn', { time: isolate(formatCountdown(secondsLeft)) })}
        </Text>
      )}
    </>
  );
}

export interface OtpFormProps {
  email: string;
  purpose: OtpPurpose;
  submitLabel: string;
  isSubmitting: boolean;
  /** The verify call's failure; every code it carries is about the code, so it shows under the boxes. */
  submitError: unknown;
  onSubmit: (otp: string) => void;
  /** Epoch ms before which a new code may not be asked for (the last answer's `resend_in`). */
  initialResendAvailableAt: number;
}

export function OtpForm({
  email,
  purpose,
  submitLabel,
  isSubmitting,
  submitError,
  onSubmit,
  initialResendAvailableAt,
}: OtpFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  // A fresh set of boxes after a refused code: cleared, focused, and ready to auto-submit again.
  const [attempt, setAttempt] = useState(0);
  const [seenError, setSeenError] = useState<unknown>(submitError);
  const [resendAvailableAt, setResendAvailableAt] = useState(initialResendAvailableAt);
  const [resendNotice, setResendNotice] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  // Too many wrong tries: this code is dead until a new one is sent, so the boxes and the verify
  // button are disabled and the way forward is the resend button (or its countdown).
  const [isLocked, setIsLocked] = useState(false);
  const firstBoxRef = useRef<HTMLInputElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const resend = useResendOtp();
  const labelId = useId();
  const errorId = useId();

  if (submitError !== seenError) {
    setSeenError(submitError);
    if (submitError) {
      setCode('');
      setAttempt((count) => count + 1);
      setIsLocked(isApiError(submitError) && submitError.code === 'otp_locked');
    }
  }
  const shownError = submitError !== dismissedError ? submitError : null;

  useEffect(() => {
    if (attempt === 0) return;
    // A locked code's boxes are disabled: the resend button is the next thing to do.
    if (isLocked) resendRef.current?.focus();
    else firstBoxRef.current?.focus();
  }, [attempt, isLocked]);

  const errorMessage = incomplete
    ? t('otp.incomplete')
    : shownError
      ? splitApiErrors(shownError, []).message
      : null;

  function submitCode(value: string) {
    const otp = toAsciiDigits(value);
    if (otp.length !== OTP_LENGTH) {
      setIncomplete(true);
      firstBoxRef.current?.focus();
      return;
    }
    setIncomplete(false);
    onSubmit(otp);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitCode(code);
  }

  function handleChange(value: string) {
    setCode(value);
    setIncomplete(false);
    setDismissedError(submitError);
  }

  function requestNewCode() {
    setResendNotice(null);
    setResendError(null);
    resend.mutate(
      { email, purpose },
      {
        onSuccess: (sent) => {
          setIsLocked(false);
          setAttempt((count) => count + 1);
          setResendAvailableAt(Date.now() + sent.resend_in * 1000);
          setResendNotice(sent.detail);
          setDismissedError(submitError);
        },
        // PRODUCT.md section 1: a failed resend shows only its message.
        onError: (error) => {
          if (isApiError(error) && error.retryAfter !== null) {
            setResendAvailableAt(Date.now() + error.retryAfter * 1000);
          }
          setResendError(splitApiErrors(error, []).message);
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={6}>
            <Input.Label id={labelId} size="md">
              {t('otp.label')}
            </Input.Label>
            <PinInput
              key={attempt}
              ref={firstBoxRef}
              classNames={{
                root: classes.pinGroup,
                pinInput: classes.pinBox,
                input: classes.pinField,
              }}
              length={OTP_LENGTH}
              type={OTP_CHARACTERS}
              oneTimeCode
              autoFocus
              placeholder=""
              value={code}
              onChange={handleChange}
              onComplete={submitCode}
              error={Boolean(errorMessage)}
              disabled={isSubmitting || isLocked}
              aria-labelledby={labelId}
              aria-describedby={errorMessage ? errorId : undefined}
              getInputProps={(index) => ({
                inputMode: 'numeric',
                'aria-label': t('otp.digit', { index: index + 1, total: OTP_LENGTH }),
                'aria-describedby': errorMessage ? errorId : undefined,
              })}
            />
            {errorMessage && (
              <Input.Error id={errorId} role="alert" size="md">
                {errorMessage}
              </Input.Error>
            )}
          </Stack>
          <Button type="submit" loading={isSubmitting} disabled={isLocked} fullWidth>
            {submitLabel}
          </Button>
          {isLocked && (
            <Text size="sm" ta="center">
              {t('otp.lockedHint')}
            </Text>
          )}
        </Stack>
      </form>
      <Stack gap="xs">
        <ResendButton
          ref={resendRef}
          key={resendAvailableAt}
          availableAt={resendAvailableAt}
          isPending={resend.isPending}
          onClick={requestNewCode}
        />
        <FormAlert message={resendError} />
        <FormAlert tone="success" message={resendNotice} />
      </Stack>
    </Stack>
  );
}
