import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './organizer.module.css';

/** What the API accepts for a cover; anything else is refused before the upload. */
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

// Binary megabytes, as operating systems show file sizes: 5 242 880 bytes reads "5 MB".
const BYTES_PER_MEGABYTE = 1024 * 1024;

export interface CoverChange {
  file: File | null;
  /** An object URL of `file`, released when the change is replaced or the form closes. */
  previewUrl: string | null;
  isRemoving: boolean;
}

export const NO_COVER_CHANGE: CoverChange = { file: null, previewUrl: null, isRemoving: false };

/** The cover being edited, with its preview URL released when replaced or on unmount. */
export function useCoverChange() {
  const [change, setChange] = useState<CoverChange>(NO_COVER_CHANGE);
  const previewUrlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    },
    [],
  );
  const replace = useCallback((next: CoverChange) => {
    if (previewUrlRef.current && previewUrlRef.current !== next.previewUrl) {
      URL.revokeObjectURL(previewUrlRef.current);
    }
    previewUrlRef.current = next.previewUrl;
    setChange(next);
  }, []);
  return [change, replace] as const;
}

export interface CoverFieldProps {
  currentUrl: string | null;
  change: CoverChange;
  onChange: (change: CoverChange) => void;
  maxBytes: number;
  /** The API's or the browser's objection, shown under the image. */
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}

export function CoverField({
  currentUrl,
  change,
  onChange,
  maxBytes,
  error,
  onError,
  disabled = false,
}: CoverFieldProps) {
  const { t, i18n } = useTranslation('organizer');
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(maxBytes / BYTES_PER_MEGABYTE);

  function pickFile(file: File | null) {
    if (!file) return;
    if (!(COVER_TYPES as readonly string[]).includes(file.type)) {
      onError(t('details.cover.wrongType'));
      return;
    }
    if (file.size > maxBytes) {
      onError(t('details.cover.tooLarge', { size }));
      return;
    }
    onError(null);
    onChange({ file, previewUrl: URL.createObjectURL(file), isRemoving: false });
  }

  const shownSrc = change.isRemoving ? null : (change.previewUrl ?? currentUrl);
  const hasChange = change.file !== null || change.isRemoving;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={600}>
        {t('details.cover.label')}
      </Text>
      {shownSrc ? (
        <img
          className={classes.cover}
          src={shownSrc}
          alt={change.file ? t('details.cover.preview') : t('details.cover.current')}
        />
      ) : (
        <div className={classes.coverPlaceholder}>
          <Text>{t('details.cover.empty')}</Text>
        </div>
      )}
      <Group gap="xs">
        <FileButton onChange={pickFile} accept={COVER_TYPES.join(',')} disabled={disabled}>
          {(props) => (
            <Button variant="default" aria-describedby={describedBy} {...props}>
              {shownSrc ? t('details.cover.replace') : t('details.cover.choose')}
            </Button>
          )}
        </FileButton>
        {hasChange ? (
          <Button
            variant="subtle"
            disabled={disabled}
            onClick={() => {
              onError(null);
              onChange(NO_COVER_CHANGE);
            }}
          >
            {t('details.cover.keep')}
          </Button>
        ) : (
          currentUrl && (
            <Button
              variant="subtle"
              color="red"
              // The light red text Mantine gives subtle buttons is below AA contrast on white.
              c="red.9"
              disabled={disabled}
              onClick={() => onChange({ file: null, previewUrl: null, isRemoving: true })}
            >
              {t('details.cover.remove')}
            </Button>
          )
        )}
      </Group>
      <Text id={hintId} size="sm">
        {t('details.cover.hint', { size })}
        {change.file && ` ${t('details.cover.pendingUpload')}`}
        {change.isRemoving && ` ${t('details.cover.pendingRemoval')}`}
      </Text>
      {error && (
        <Input.Error id={errorId} role="alert" size="md">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
