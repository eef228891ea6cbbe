import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@hafla/shared/profile/profile';
import { UserAvatar } from '../../../components/user-avatar';
import classes from './profile.module.css';

/** What the API accepts (ProfileUpdateRequest); anything else is refused before the upload. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

// Binary megabytes, as operating systems show file sizes: 5 242 880 bytes reads "5 MB".
const BYTES_PER_MEGABYTE = 1024 * 1024;

export interface AvatarChange {
  file: File | null;
  /** An object URL of `file`; whoever replaces the change revokes it. */
  previewUrl: string | null;
  isRemoving: boolean;
}

export interface AvatarFieldProps {
  user: OwnProfile;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  maxBytes: number;
  /** The API's or the browser's objection, shown under the photo. */
  error: string | null;
  onError: (message: string | null) => void;
}

export function AvatarField({
  user,
  change,
  onChange,
  maxBytes,
  error,
  onError,
}: AvatarFieldProps) {
  const { t, i18n } = useTranslation('profile');
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
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      onError(t('profile.avatar.wrongType'));
      return;
    }
    if (file.size > maxBytes) {
      onError(t('profile.avatar.tooLarge', { size }));
      return;
    }
    onError(null);
    onChange({ file, previewUrl: URL.createObjectURL(file), isRemoving: false });
  }

  const shownSrc = change.isRemoving ? null : (change.previewUrl ?? user.avatar);
  const hasChange = change.file !== null || change.isRemoving;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={600}>
        {t('profile.avatar.label')}
      </Text>
      <div className={classes.avatarRow}>
        <UserAvatar
          user={user}
          size={96}
          src={shownSrc}
          alt={change.file ? t('profile.avatar.preview') : t('profile.avatar.current')}
        />
        <Group gap="xs">
          <FileButton onChange={pickFile} accept={AVATAR_TYPES.join(',')}>
            {(props) => (
              <Button variant="default" aria-describedby={describedBy} {...props}>
                {t('profile.avatar.choose')}
              </Button>
            )}
          </FileButton>
          {hasChange ? (
            <Button
              variant="subtle"
              onClick={() => {
                onError(null);
                onChange({ file: null, previewUrl: null, isRemoving: false });
              }}
            >
              {t('profile.avatar.keep')}
            </Button>
          ) : (
            user.avatar && (
              <Button
                variant="subtle"
                color="red"
                // The light red text Mantine gives subtle buttons is below AA contrast on white.
                c="red.9"
                onClick={() => onChange({ file: null, previewUrl: null, isRemoving: true })}
              >
                {t('profile.avatar.remove')}
              </Button>
            )
          )}
        </Group>
      </div>
      <Text id={hintId} size="sm">
        {t('profile.avatar.hint', { size })}
        {change.file && ` ${t('profile.avatar.pendingUpload')}`}
        {change.isRemoving && ` ${t('profile.avatar.pendingRemoval')}`}
      </Text>
      {error && (
        <Input.Error id={errorId} role="alert" size="md">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
