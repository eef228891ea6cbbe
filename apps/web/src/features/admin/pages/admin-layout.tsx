import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, Outlet, useLocation } from 'react-router';
import { ChevronIcon } from '../../../components/icons';
import classes from '../components/admin.module.css';

const SECTIONS = [
  { to: '/admin', key: 'dashboard', end: true },
  { to: '/admin/content', key: 'content', end: false },
  { to: '/admin/home-sections', key: 'homeSections', end: false },
  { to: '/admin/reports', key: 'reports', end: false },
  { to: '/admin/events', key: 'events', end: false },
  { to: '/admin/users', key: 'users', end: false },
  { to: '/admin/withdrawals', key: 'withdrawals', end: false },
  { to: '/admin/audit-log', key: 'auditLog', end: false },
  { to: '/admin/settings', key: 'settings', end: false },
] as const;

/**
 * The console's frame: a side navigation beside the page; on a phone, a menu named after the
 * section on screen (nine links in a row would hide most of them off the screen's edge).
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const current = SECTIONS.find((section) =>
    matchPath({ path: section.to, end: section.end }, pathname),
  );
  return (
    <div className={classes.shell}>
      <nav aria-label={t('nav.label')} className={classes.nav}>
        <div className={classes.navList}>
          {SECTIONS.map((section) => (
            <NavLink
              key={section.key}
              to={section.to}
              end={section.end}
              className={classes.navLink}
            >
              {t(`nav.${section.key}`)}
            </NavLink>
          ))}
        </div>
        <Menu position="bottom-start" width="target" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              variant="default"
              fullWidth
              justify="space-between"
              className={classes.navMenu}
              rightSection={<ChevronIcon size={18} className={classes.navMenuChevron} />}
              aria-label={t('nav.menu', { section: t(`nav.${current?.key ?? 'dashboard'}`) })}
            >
              {t(`nav.${current?.key ?? 'dashboard'}`)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {SECTIONS.map((section) => (
              <Menu.Item
                key={section.key}
                component={NavLink}
                to={section.to}
                end={section.end}
                className={classes.navMenuItem}
              >
                {t(`nav.${section.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </nav>
      <div className={classes.main}>
        <Outlet />
      </div>
    </div>
  );
}
