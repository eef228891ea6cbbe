import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  /** Appended to the title, e.g. the app's name. */
  siteName?: string;
}

function setMetaContent(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** The document's title for a page: its own, then the site's name. */
export function documentTitleOf({ title, siteName }: Pick<PageMeta, 'title' | 'siteName'>): string {
  return siteName && siteName !== title ? `${title} · ${siteName}` : title;
}

export function applyPageMeta({ title, description, keywords, siteName }: PageMeta): void {
  document.title = documentTitleOf({ title, siteName });
  setMetaContent('description', description);
  setMetaContent('keywords', keywords);
}

/** Where the server's render of a first screen (decision 0026) takes the page's meta. */
let serverPageMeta: { meta: PageMeta | null } | null = null;

/**
 * Renders with `render` and answers what it renders with the page's meta: the server's render
 * runs no effects, and the page's title and description belong in its HTML (the tab, a shared
 * link's preview). The render is synchronous, so one page is rendered at a time.
 */
export function withServerPageMeta<T>(render: () => T): { result: T; meta: PageMeta | null } {
  const sink: { meta: PageMeta | null } = { meta: null };
  serverPageMeta = sink;
  try {
    return { result: render(), meta: sink.meta };
  } finally {
    serverPageMeta = null;
  }
}

/** During the server's render, the page's meta is handed over; in the browser, nothing. */
function handToServerRender(meta: PageMeta): void {
  if (serverPageMeta) serverPageMeta.meta = meta;
}

export function usePageMeta({ title, description, keywords, siteName }: PageMeta): void {
  handToServerRender({ title, description, keywords, siteName });
  useEffect(() => {
    applyPageMeta({ title, description, keywords, siteName });
  }, [title, description, keywords, siteName]);
}
