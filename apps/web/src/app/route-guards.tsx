import { Navigate, Outlet, redirect, useLocation } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import type { ReactNode } from 'react';
import type { User } from '@hafla/shared/auth/users';
import { loginPathFor } from '../lib/next-path';
import { useSession, waitForSession } from '../lib/session';

/** Signed-in-only pages send anonymous visitors to sign in, and back here afterwards. */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const session = await waitForSession();
  if (session.status !== 'signed-in') {
    const url = new URL(request.url);
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  return null;
}

/** Sign-in, registration and password-reset pages have nothing to offer a signed-in reader. */
export async function requireSignedOut() {
  const session = await waitForSession();
  if (session.status === 'signed-in') throw redirect('/');
  return null;
}

/**
 * Also covers a sign-out while the page is open (another tab, an expired session). After the
 * reader's own sign-out the menu takes them home: the page just empties until it does.
 */
export function SignedInOutlet() {
  const { user, isSignOutDeliberate } = useSession();
  const { pathname, search } = useLocation();
  if (!user) {
    return isSignOutDeliberate ? null : <Navigate to={loginPathFor(pathname + search)} replace />;
  }
  return <Outlet />;
}

export function isOrganizer(user: Pick<User, 'roles'> | null): boolean {
  return user?.roles.includes('organizer') ?? false;
}

/**
 * The organizer area, nested under the signed-in guard (anonymous visitors sign in first). An
 * account without the organizer role sees `fallback`, which says why, at the address it asked
 * for rather than being sent somewhere unexpected.
 */
export function OrganizerOutlet({ fallback }: { fallback: ReactNode }) {
  const { user } = useSession();
  return isOrganizer(user) ? <Outlet /> : fallback;
}

export function isAdmin(user: Pick<User, 'roles'> | null): boolean {
  return user?.roles.includes('admin') ?? false;
}

/** The admin pages: any other signed-in account sees `fallback`, which says they are for admins. */
export function AdminOutlet({ fallback }: { fallback: ReactNode }) {
  const { user } = useSession();
  return isAdmin(user) ? <Outlet /> : fallback;
}
