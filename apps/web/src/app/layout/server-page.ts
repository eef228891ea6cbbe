/**
 * The page the server is rendering, or the one the browser hydrated (decision 0026), until the
 * reader leaves it: that page shows at once, without the fade-in every other page opens with,
 * on both sides (the server's render and the browser's first must be the same). The server's
 * render is synchronous, so one page at a time is marked.
 */
let serverRenderedPath: string | null = null;

export function markServerRenderedPage(pathname: string | null): void {
  serverRenderedPath = pathname;
}

export function isServerRenderedPage(pathname: string): boolean {
  return serverRenderedPath === pathname;
}
