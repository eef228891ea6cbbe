import '@mantine/core/styles/Avatar.layer.css';
import { Avatar } from '@mantine/core';
import type { User } from '@hafla/shared/auth/users';

type AvatarUser = Pick<User, 'first_name' | 'last_name' | 'email' | 'avatar'>;

/** "Sara Haddad" → "SH"; an account without a name yet shows its email's first letter. */
export function userInitials({ first_name, last_name, email }: AvatarUser): string {
  const initials = [first_name, last_name]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toLocaleUpperCase();
  return initials || email.charAt(0).toLocaleUpperCase();
}

export function userDisplayName({ first_name, last_name, email }: AvatarUser): string {
  return (
    [first_name, last_name]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || email
  );
}

export interface UserAvatarProps {
  user: AvatarUser;
  size: number;
  /** Empty when a labelled control around the avatar already names it. */
  alt: string;
  /** A local preview (object URL) shown instead of the saved photo. */
  src?: string | null;
}

export function UserAvatar({ user, size, alt, src }: UserAvatarProps) {
  const image = src !== undefined ? src : user.avatar;
  return (
    <Avatar src={image} alt={alt} size={size} radius={size} color="brand" variant="filled">
      {userInitials(user)}
    </Avatar>
  );
}
