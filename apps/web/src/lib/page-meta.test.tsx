import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageMeta } from './page-meta';
import type { PageMeta } from './page-meta';

function MetaProbe(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

function metaContent(name: string) {
  return document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
}

describe('usePageMeta', () => {
  it('sets the title with the site name, the description and the keywords', () => {
    render(
      <MetaProbe
        title="Frequently asked questions"
        description="Answers to common questions."
        keywords="faq, help"
        siteName="Hafla"
      />,
    );

    expect(document.title).toBe('Frequently asked questions · Hafla');
    expect(metaContent('description')).toBe('Answers to common questions.');
    expect(metaContent('keywords')).toBe('faq, help');
  });

  it('updates existing tags instead of adding duplicates', () => {
    const { rerender } = render(<MetaProbe title="One" description="First" keywords="a" />);
    rerender(<MetaProbe title="Two" description="Second" keywords="b" />);

    expect(document.title).toBe('Two');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(metaContent('description')).toBe('Second');
    expect(metaContent('keywords')).toBe('b');
  });
});
