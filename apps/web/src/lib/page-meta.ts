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

export function applyPageMeta({ title, description, keywords, siteName }: PageMeta): void {
  document.title = siteName && siteName !== title ? `${title} · ${siteName}` : title;
  setMetaContent('description', description);
  setMetaContent('keywords', keywords);
}

export function usePageMeta({ title, description, keywords, siteName }: PageMeta): void {
  useEffect(() => {
    applyPageMeta({ title, description, keywords, siteName });
  }, [title, description, keywords, siteName]);
}
