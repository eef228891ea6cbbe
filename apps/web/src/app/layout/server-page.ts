/**
 * The pages the server is rendering, or the one the browser hydrated (decision 0026), until the
 * reader leaves it: such a page shows at once, without the fade-in every other page opens with,
 * on both sides (the server's render and the browser's first must be the same). The server may
 * render several at once, so each is counted.
 */
const renderedOnServer = new Map<string, number>();

/** Marks `pathname` as rendered on the server; the answer unmarks it (once). */
export function markServerRenderedPage(pathname: string): () => void {
  renderedOnServer.set(pathname, (renderedOnServer.get(pathname) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (renderedOnServer.get(pathname) ?? 1) - 1;
    if (left > 0) renderedOnServer.set(pathname, left);
    else renderedOnServer.delete(pathname);
  };
}

/** The reader left the hydrated page: every page from here on fades in. */
export function forgetServerRenderedPages(): void {
  renderedOnServer.clear();
}

export function isServerRenderedPage(pathname: string): boolean {
  return renderedOnServer.has(pathname);
}
