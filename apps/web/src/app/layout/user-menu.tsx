import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { User } from '@hafla/shared/auth/users';
import { UserAvatar, userDisplayName } from '../../components/user-avatar';
import { logout } from '../../features/auth/api/logout';
import { profileKeys } from '../../features/profile/api/get-profile';
import { clearSession } from '../../lib/session';
import classes from './layout.module.css';

export interface UserMenuProps {
  user: User;
}

/** Loaded only for signed-in readers, so anonymous visitors never download the menu code. */
export function UserMenu({ user }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = userDisplayName(user);

  async function signOut() {
    try {
      await logout();
    } catch {
      // The API may be unreachable; this tab forgets the session either way.
    }
    // Leave a signed-in-only page before the session ends, so its guard does not step in.
    await navigate('/');
    clearSession();
    queryClient.removeQueries({ queryKey: profileKeys.all });
    await queryClient.invalidateQueries();
  }

  return (
    <Menu position="bottom-end" width={240} classNames={{ item: classes.menuItem }}>
      <Menu.Target>
        <UnstyledButton
          className={classes.avatarButton}
          aria-label={t('header.accountMenu', { name })}
        >
          <UserAvatar user={user} size={44} alt="" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={700} c="dark" truncate="end">
            {name}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/user/profile">
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/settings">
          {t('header.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>{t('header.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
