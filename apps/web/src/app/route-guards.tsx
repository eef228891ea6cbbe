import { Navigate, Outlet, redirect, useLocation } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { loginPathFor } from '../lib/next-path';
import { useCurrentUser, waitForSession } from '../lib/session';

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

/** Also covers a sign-out while the page is open (another tab, an expired session). */
export function SignedInOutlet() {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  if (!user) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <Outlet />;
}
