import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { User } from '@hafla/shared/auth/users';
import { UserAvatar, userDisplayName, userInitials } from '../../components/user-avatar';
import { logout } from '../../features/auth/api/logout';
import { usherEventsQueryOptions } from '../../features/door/api/ushers';
import { profileKeys } from '../../features/profile/api/get-profile';
import { clearSession } from '../../lib/session';
import classes from './layout.module.css';

export interface UserMenuProps {
  user: User;
}

/** Loaded only for signed-in readers, so anonymous visitors never download the menu code. */
export function UserMenu({ user }: UserMenuProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = userDisplayName(user);
  const [isOpen, setIsOpen] = useState(false);
  // Whether the reader ushers for anyone is asked when the menu first opens (one request, only
  // for those who open it), unless the account's roles already say so.
  const isUsherByRole = user.roles.includes('usher');
  const usherEvents = useQuery({
    ...usherEventsQueryOptions(),
    enabled: isOpen && !isUsherByRole,
    staleTime: 60_000,
  });
  const isUsher = isUsherByRole || (usherEvents.data?.count ?? 0) > 0;

  async function signOut() {
    try {
      await logout();
    } catch {
      // The API may be unreachable; this tab forgets the session either way.
    }
    // Deliberate: a signed-in-only page on screen waits for this navigation instead of
    // sending the reader to sign in again.
    clearSession({ isDeliberate: true });
    queryClient.removeQueries({ queryKey: profileKeys.all });
    await navigate('/');
    await queryClient.invalidateQueries();
  }

  return (
    <Menu
      position="bottom-end"
      width={240}
      classNames={{ item: classes.menuItem }}
      // Mantine's focus placeholder is a child of role=menu that is no menu item (axe:
      // aria-required-children); opened by keyboard, the first item takes the focus instead.
      withInitialFocusPlaceholder={false}
      onOpen={() => setIsOpen(true)}
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.avatarButton}
          // The name starts with what the button shows without a photo, its initials (WCAG 2.5.3,
          // label in name).
          aria-label={t('header.accountMenu', { name, initials: userInitials(user) })}
        >
          <UserAvatar user={user} size={44} alt="" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="dark" truncate="end">
            {name}
          </Text>
          {/* An email truncates at its end, whatever the direction of the page. */}
          {name !== user.email && (
            <Text
              size="sm"
              c="dimmed"
              truncate="end"
              dir="ltr"
              ta={i18n.dir() === 'rtl' ? 'right' : 'left'}
            >
              {user.email}
            </Text>
          )}
        </Menu.Label>
        <Menu.Item component={Link} to="/user/profile">
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/tickets">
          {t('header.tickets')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/wishlist">
          {t('header.wishlist')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/following">
          {t('header.following')}
        </Menu.Item>
        {user.roles.includes('organizer') && (
          <Menu.Item component={Link} to="/organizer/events">
            {t('header.myEvents')}
          </Menu.Item>
        )}
        {user.roles.includes('organizer') && (
          <Menu.Item component={Link} to="/organizer/seat-charts">
            {t('header.seatCharts')}
          </Menu.Item>
        )}
        {user.roles.includes('organizer') && (
          <Menu.Item component={Link} to="/organizer/ushers">
            {t('header.ushers')}
          </Menu.Item>
        )}
        {user.roles.includes('organizer') && (
          <Menu.Item component={Link} to="/organizer/dashboard">
            {t('header.dashboard')}
          </Menu.Item>
        )}
        {user.roles.includes('organizer') && (
          <Menu.Item component={Link} to="/organizer/wallet">
            {t('header.wallet')}
          </Menu.Item>
        )}
        {user.roles.includes('admin') && (
          <Menu.Item component={Link} to="/admin">
            {t('header.adminConsole')}
          </Menu.Item>
        )}
        {isUsher && (
          <Menu.Item component={Link} to="/usher/events">
            {t('header.scanEvents')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/user/settings">
          {t('header.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>{t('header.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
