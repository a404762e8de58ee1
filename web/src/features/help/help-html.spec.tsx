import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HelpHtml } from './components/help-html';
import { HelpMarkdown } from './components/help-markdown';
import { faqEntries, guides } from './help-content';
import { faqAnswerHtml, guideHtml } from './help-html';

/** What react-markdown renders from `markdown` at run time, as the assistant's answers are rendered. */
function rendered(markdown: string): string {
  const { container, unmount } = render(
    <MemoryRouter>
      <HelpMarkdown>{markdown}</HelpMarkdown>
    </MemoryRouter>,
  );
  // A router link also marks itself for route discovery; the page reads the same without it.
  const html = container.innerHTML.replaceAll(' data-discover="true"', '');
  unmount();
  return html;
}

/** HTML as the browser reads it (the build writes ' as &#x27;, the DOM gives it back as '). */
function parsed(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.innerHTML;
}

describe('the help pages rendered at build time', () => {
  it.each(guides.map((guide) => [guide.slug, guide] as const))('gives the guide %s exactly as the Markdown renderer would', (slug, guide) => {
    const html = guideHtml(slug);
    expect(html).toContain('<h2 id=');
    expect(parsed(html)).toBe(rendered(guide.body));
  });

  it('gives every FAQ answer exactly as the Markdown renderer would', () => {
    expect(faqEntries.length).toBeGreaterThanOrEqual(20);
    for (const entry of faqEntries) expect(parsed(faqAnswerHtml(entry.anchor)), entry.anchor).toBe(rendered(entry.markdown));
  });

  it('follows a link within the app through the router, and leaves other links to the browser', () => {
    function Where() {
      const { pathname, hash } = useLocation();
      return <p data-testid="where">{pathname + hash}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/help/faq']}>
        <Where />
        <Routes>
          <Route
            path="*"
            element={<HelpHtml html={'<p><a href="/help/guides/recording#wind">Wind</a> <a href="https://example.com/" target="_blank">Elsewhere</a></p>'} />}
          />
        </Routes>
      </MemoryRouter>,
    );
    const outside = screen.getByRole('link', { name: 'Elsewhere' });
    // The browser would open the other site in a new tab; the app's own address stays.
    expect(fireEvent.click(outside)).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/help/faq');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Wind' }))).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/help/guides/recording#wind');
  });
});
