import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../../../components/page-loader';

// The console's pages are routed here, inside its own chunk, so the app's router (in the entry
// chunk every visitor downloads) holds one route for all of them. Each page is a chunk of its own.
const AdminDashboardPage = lazy(() =>
  import('./dashboard-page').then((m) => ({ default: m.AdminDashboardPage })),
);
const ContentPage = lazy(() => import('./content-page').then((m) => ({ default: m.ContentPage })));
const HomeSectionsPage = lazy(() =>
  import('./home-sections-page').then((m) => ({ default: m.HomeSectionsPage })),
);
const ReportsPage = lazy(() => import('./reports-page').then((m) => ({ default: m.ReportsPage })));
const AdminEventsPage = lazy(() =>
  import('./events-page').then((m) => ({ default: m.AdminEventsPage })),
);
const UsersPage = lazy(() => import('./users-page').then((m) => ({ default: m.UsersPage })));
const AuditLogPage = lazy(() =>
  import('./audit-log-page').then((m) => ({ default: m.AuditLogPage })),
);
const SettingsPage = lazy(() =>
  import('./settings-page').then((m) => ({ default: m.SettingsPage })),
);

/** `/admin/*` but the withdrawal queue (the finance feature's page, routed by the app). */
export function AdminRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route index element={<AdminDashboardPage />} />
        <Route path="content" element={<Navigate to="/admin/content/categories" replace />} />
        <Route path="content/:kind" element={<ContentPage />} />
        <Route path="home-sections" element={<HomeSectionsPage />} />
        <Route path="reports" element={<ReportsPage />} />
        <Route path="events" element={<AdminEventsPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="audit-log" element={<AuditLogPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}
