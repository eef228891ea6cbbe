import { Navigate, Outlet, redirect, useLocation } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
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
