/**
 * The `next` parameter of the sign-in pages, kept only when it is a path on this site: an
 * absolute or protocol-relative URL there would make the sign-in page an open redirect.
 * Auth pages are refused too, so signing in never lands on another sign-in step.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    const base = 'https://hafla.invalid';
    const url = new URL(value, base);
    if (url.origin !== base || url.pathname.startsWith('/auth/')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/auth/login?next=…` for a page that needs a signed-in reader. */
export function loginPathFor(next: string): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/'
    ? `/auth/login?${new URLSearchParams({ next: safe }).toString()}`
    : '/auth/login';
}
