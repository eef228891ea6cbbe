import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the API accepts for an uploaded image; anything else is refused before the upload. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

// Binary megabytes, as operating systems show file sizes: 5 242 880 bytes reads "5 MB".
const BYTES_PER_MEGABYTE = 1024 * 1024;

export interface ImageChange {
  file: File | null;
  /** An object URL of `file`, released when the change is replaced or the form closes. */
  previewUrl: string | null;
  isRemoving: boolean;
}

export const NO_IMAGE_CHANGE: ImageChange = { file: null, previewUrl: null, isRemoving: false };

/** The image being edited, with its preview URL released when replaced or on unmount. */
export function useImageChange() {
  const [change, setChange] = useState<ImageChange>(NO_IMAGE_CHANGE);
  const previewUrlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    },
    [],
  );
  const replace = useCallback((next: ImageChange) => {
    if (previewUrlRef.current && previewUrlRef.current !== next.previewUrl) {
      URL.revokeObjectURL(previewUrlRef.current);
    }
    previewUrlRef.current = next.previewUrl;
    setChange(next);
  }, []);
  return [change, replace] as const;
}

/** The field's words, in its feature's namespace; `size` is the largest file, e.g. "5 megabytes". */
export interface ImageFieldTexts {
  label: string;
  hint: (size: string) => string;
  wrongType: string;
  tooLarge: (size: string) => string;
  choose: string;
  /** The choose button's name while an image is shown; `choose` when absent. */
  replace?: string;
  keep: string;
  remove: string;
  pendingUpload: string;
  pendingRemoval: string;
  /** The alternative text of a chosen file's preview. */
  preview: string;
  /** The alternative text of the saved image. */
  current: string;
}

export interface ImageFieldProps {
  currentUrl: string | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
  maxBytes: number;
  /** The API's or the browser's objection, shown under the image. */
  error: string | null;
  onError: (message: string | null) => void;
  texts: ImageFieldTexts;
  /** Draws the shown image; `src` is null when there is none (or it is being removed). */
  renderImage: (src: string | null, alt: string) => ReactNode;
  /** Puts the buttons beside the image (a small avatar) rather than under it (a wide cover). */
  isInline?: boolean;
  disabled?: boolean;
}

/** Chooses, keeps or removes one image, checking its type and size before any upload. */
export function ImageField({
  currentUrl,
  change,
  onChange,
  maxBytes,
  error,
  onError,
  texts,
  renderImage,
  isInline = false,
  disabled = false,
}: ImageFieldProps) {
  const { i18n } = useTranslation();
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
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      onError(texts.wrongType);
      return;
    }
    if (file.size > maxBytes) {
      onError(texts.tooLarge(size));
      return;
    }
    onError(null);
    onChange({ file, previewUrl: URL.createObjectURL(file), isRemoving: false });
  }

  const shownSrc = change.isRemoving ? null : (change.previewUrl ?? currentUrl);
  const hasChange = change.file !== null || change.isRemoving;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  const image = renderImage(shownSrc, change.file ? texts.preview : texts.current);
  const buttons = (
    <Group gap="xs">
      <FileButton onChange={pickFile} accept={IMAGE_TYPES.join(',')} disabled={disabled}>
        {(props) => (
          <Button variant="default" aria-describedby={describedBy} {...props}>
            {shownSrc && texts.replace ? texts.replace : texts.choose}
          </Button>
        )}
      </FileButton>
      {hasChange ? (
        <Button
          variant="subtle"
          disabled={disabled}
          onClick={() => {
            onError(null);
            onChange(NO_IMAGE_CHANGE);
          }}
        >
          {texts.keep}
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
            {texts.remove}
          </Button>
        )
      )}
    </Group>
  );

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={600}>
        {texts.label}
      </Text>
      {isInline ? (
        <Group gap="md">
          {image}
          {buttons}
        </Group>
      ) : (
        <>
          {image}
          {buttons}
        </>
      )}
      <Text id={hintId} size="sm">
        {texts.hint(size)}
        {change.file && ` ${texts.pendingUpload}`}
        {change.isRemoving && ` ${texts.pendingRemoval}`}
      </Text>
      {error && (
        <Input.Error id={errorId} role="alert" size="md">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
