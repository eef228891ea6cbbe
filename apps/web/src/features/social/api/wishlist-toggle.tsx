import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { EventSummary } from '@hafla/shared/events/discovery';
import { WishlistButton } from '../../../components/wishlist-button';
import { loginPathFor } from '../../../lib/next-path';
import { useCurrentUser } from '../../../lib/session';
import { useIsWishlisted } from './get-wishlist';
import type { ToggleWishlistInput } from './toggle-wishlist';

async function toggle(queryClient: QueryClient, input: ToggleWishlistInput) {
  const { toggleWishlist } = await import('./toggle-wishlist');
  // A refusal has already put the heart back; there is nothing more to tell.
  await toggleWishlist(queryClient, input).catch(() => undefined);
}

export interface WishlistToggleProps {
  event: EventSummary;
  /** On the event's own page the title is the page's heading, so the name leaves it out. */
  isOnEventPage?: boolean;
}

/** The heart, wired: visitors are asked to sign in first and come back here. */
export function WishlistToggle({ event, isOnEventPage = false }: WishlistToggleProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const isWishlisted = useIsWishlisted(event);
  const queryClient = useQueryClient();

  function onToggle() {
    if (!user) {
      void navigate(loginPathFor(pathname + search));
      return;
    }
    void toggle(queryClient, { userId: user.id, event, isWishlisted: !isWishlisted });
  }

  return (
    <WishlistButton
      label={isOnEventPage ? t('wishlist.save') : t('wishlist.saveEvent', { title: event.title })}
      isPressed={isWishlisted}
      onToggle={onToggle}
      variant={isOnEventPage ? 'outline' : 'overlay'}
    />
  );
}
