import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { FollowButton } from '../../../components/follow-button';
import { loginPathFor } from '../../../lib/next-path';
import { useCurrentUser } from '../../../lib/session';
import { useIsFollowing } from './get-following';
import type { FollowTarget, ToggleFollowInput } from './toggle-follow';

async function toggle(queryClient: QueryClient, input: ToggleFollowInput) {
  const { toggleFollow } = await import('./toggle-follow');
  // A refusal has already put the button back; there is nothing more to tell.
  await toggleFollow(queryClient, input).catch(() => undefined);
}

export interface FollowToggleProps {
  organizer: FollowTarget & { is_following?: boolean };
  size?: 'sm' | 'md';
  fullWidth?: boolean;
}

/** The follow button, wired: visitors sign in first; nobody is offered to follow themselves. */
export function FollowToggle({ organizer, size, fullWidth }: FollowToggleProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const isFollowing = useIsFollowing(organizer);
  const queryClient = useQueryClient();

  if (user?.id === organizer.id) return null;

  function onToggle() {
    if (!user) {
      void navigate(loginPathFor(pathname + search));
      return;
    }
    void toggle(queryClient, { userId: user.id, organizer, isFollowing: !isFollowing });
  }

  return (
    <FollowButton
      name={organizer.name}
      isPressed={isFollowing}
      onToggle={onToggle}
      size={size}
      fullWidth={fullWidth}
    />
  );
}
