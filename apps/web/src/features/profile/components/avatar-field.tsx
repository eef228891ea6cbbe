import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@hafla/shared/profile/profile';
import { ImageField } from '../../../components/image-field';
import type { ImageFieldProps } from '../../../components/image-field';
import { UserAvatar } from '../../../components/user-avatar';

export interface AvatarFieldProps extends Pick<
  ImageFieldProps,
  'change' | 'onChange' | 'maxBytes' | 'error' | 'onError'
> {
  user: OwnProfile;
}

/** The profile photo, beside its buttons; without one, the initials stand in for it. */
export function AvatarField({ user, ...props }: AvatarFieldProps) {
  const { t } = useTranslation('profile');
  return (
    <ImageField
      {...props}
      currentUrl={user.avatar}
      isInline
      texts={{
        label: t('profile.avatar.label'),
        hint: (size) => t('profile.avatar.hint', { size }),
        wrongType: t('profile.avatar.wrongType'),
        tooLarge: (size) => t('profile.avatar.tooLarge', { size }),
        choose: t('profile.avatar.choose'),
        keep: t('profile.avatar.keep'),
        remove: t('profile.avatar.remove'),
        pendingUpload: t('profile.avatar.pendingUpload'),
        pendingRemoval: t('profile.avatar.pendingRemoval'),
        preview: t('profile.avatar.preview'),
        current: t('profile.avatar.current'),
      }}
      renderImage={(src, alt) => <UserAvatar user={user} size={96} src={src} alt={alt} />}
    />
  );
}
