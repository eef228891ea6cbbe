import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
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

/** The console's frame: a side navigation (a scrolling row on a phone) beside the page. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <div className={classes.shell}>
      <nav aria-label={t('nav.label')} className={classes.nav}>
        {SECTIONS.map((section) => (
          <NavLink key={section.key} to={section.to} end={section.end} className={classes.navLink}>
            {t(`nav.${section.key}`)}
          </NavLink>
        ))}
      </nav>
      <div className={classes.main}>
        <Outlet />
      </div>
    </div>
  );
}
