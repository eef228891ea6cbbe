import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '@hafla/shared/events/discovery';
import { FormAlert } from '../../../components/form-alert';
import { formatDateTime } from '../../../lib/format';
import { errorText } from '../lib/error-text';
import type { ScanOutcome } from '../lib/door-sync';
import { playVerdict, unlockAudio } from '../lib/feedback';
import { verdictOf } from '../lib/offline-door';
import { useCameraScanner } from '../lib/use-camera-scanner';
import type { DoorState } from '../lib/use-door';
import { createWedgeDetector, isTypingTarget } from '../lib/wedge';
import classes from './door.module.css';
import { ScanResult } from './scan-result';

export interface ScannerPanelProps {
  door: DoorState;
  dates: TimeSlot[];
  timeZone: string;
  /** After each answer (the guest list and its counts are stale). */
  onScanned: (outcome: ScanOutcome) => void;
}

/** Listens for keyboard-wedge scanners anywhere on the page except in fields. */
function useWedgeScanner(onCode: (code: string) => void) {
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  useEffect(() => {
    const detector = createWedgeDetector();
    function onKeyDown(event: KeyboardEvent) {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) {
        detector.reset();
        return;
      }
      const code = detector.push(event.key, event.timeStamp);
      if (code) {
        // The Enter ends the scan; it must not also press the button that has the focus.
        event.preventDefault();
        onCodeRef.current(code);
      }
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

/**
 * Scanner mode: the camera, a field for typed codes and hardware scanners all lead to one
 * full-screen verdict with a sound and a vibration (PRODUCT.md section 6).
 */
export function ScannerPanel({ door, dates, timeZone, onScanned }: ScannerPanelProps) {
  const { t, i18n } = useTranslation('door');
  const videoRef = useRef<HTMLVideoElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [isCameraOn, setIsCameraOn] = useState(false);
  const [eventDate, setEventDate] = useState<number | undefined>(
    dates.length === 1 ? dates[0]!.id : undefined,
  );
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const { scan } = door;

  const check = useCallback(
    async (code: string, source: 'camera' | 'typed') => {
      // The camera keeps seeing the ticket just shown: it waits for the next guest.
      if (!code.trim() || busy.current || (source === 'camera' && outcome)) return;
      busy.current = true;
      setIsChecking(true);
      setError(null);
      try {
        const answer = await scan(code, eventDate);
        setOutcome(answer);
        playVerdict(verdictOf(answer.result));
        onScanned(answer);
      } catch (failure) {
        setError(t('scanner.failed', { reason: errorText(failure) }));
        playVerdict('refused');
      } finally {
        busy.current = false;
        setIsChecking(false);
      }
    },
    [eventDate, onScanned, outcome, scan, t],
  );

  const onCamera = useCallback((code: string) => void check(code, 'camera'), [check]);
  const cameraState = useCameraScanner(videoRef, isCameraOn, onCamera);
  useWedgeScanner(useCallback((code: string) => void check(code, 'typed'), [check]));

  function submit(event: FormEvent) {
    event.preventDefault();
    unlockAudio();
    const code = typed;
    setTyped('');
    void check(code, 'typed');
  }

  const done = useCallback(() => {
    setOutcome(null);
    // Back to the field, ready for the next code (a hardware scanner types into it too).
    if (!isCameraOn) codeRef.current?.focus();
  }, [isCameraOn]);

  const dateLabel = (slot: TimeSlot) => formatDateTime(slot.start, timeZone, i18n.language);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('scanner.heading')}
      </Title>
      {dates.length > 1 && (
        <NativeSelect
          label={t('scanner.date')}
          value={eventDate === undefined ? '' : String(eventDate)}
          onChange={(event) =>
            setEventDate(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)
          }
          data={[
            { value: '', label: t('scanner.anyDate') },
            ...dates.map((slot) => ({ value: String(slot.id), label: dateLabel(slot) })),
          ]}
        />
      )}

      <div className={classes.camera} data-off={!isCameraOn || undefined}>
        <video ref={videoRef} playsInline muted aria-label={t('scanner.camera.label')} />
        {(!isCameraOn || cameraState !== 'scanning') && (
          <p className={classes.cameraNote} role="status">
            {isCameraOn ? t(`scanner.camera.${cameraState}`) : null}
          </p>
        )}
      </div>
      <Group gap="sm">
        <Button
          variant={isCameraOn ? 'default' : 'filled'}
          onClick={() => {
            unlockAudio();
            setIsCameraOn((on) => !on);
          }}
        >
          {isCameraOn ? t('scanner.camera.stop') : t('scanner.camera.start')}
        </Button>
        {isCameraOn && cameraState === 'scanning' && (
          <Text size="sm" role="status">
            {t('scanner.camera.scanning')}
          </Text>
        )}
      </Group>

      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            ref={codeRef}
            label={t('scanner.code')}
            description={t('scanner.codeHint')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" loading={isChecking}>
            {t('scanner.submit')}
          </Button>
        </Group>
      </form>
      <FormAlert message={error} />

      {outcome && <ScanResult outcome={outcome} timeZone={timeZone} onDone={done} />}
    </Stack>
  );
}
