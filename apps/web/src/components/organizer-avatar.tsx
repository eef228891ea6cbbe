import '@mantine/core/styles/Avatar.layer.css';
import { Avatar } from '@mantine/core';

/** "Nour Events" → "NE". */
export function nameInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('')
    .toLocaleUpperCase();
}

export interface OrganizerAvatarProps {
  name: string;
  avatar: string | null;
  size: number;
}

/** Decorative beside the organizer's name, which always accompanies it. */
export function OrganizerAvatar({ name, avatar, size }: OrganizerAvatarProps) {
  return (
    <Avatar src={avatar} alt="" size={size} radius={size} color="brand" variant="filled">
      <span aria-hidden="true">{nameInitials(name)}</span>
    </Avatar>
  );
}
