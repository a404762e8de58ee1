import { helpSections, parseHelpDocument } from '@touchline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';
import { faqEntries, findGuide, guides } from './help-content';

// jsdom lays nothing out, so it has no scrollIntoView; record which element a deep link scrolled to.
const scrolledTo: Element[] = [];
Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
  scrolledTo.push(this);
};

afterEach(() => {
  vi.unstubAllGlobals();
  scrolledTo.length = 0;
});

const LINK = /\]\((\/help\/[^)\s]*)\)/g;

function linksIn(markdown: string): string[] {
  return [...markdown.matchAll(LINK)].map((m) => m[1]!);
}

describe('help content', () => {
  it('has a guide for each area a coach asks about, in reading order', () => {
    expect(guides.map((g) => g.slug)).toEqual([
      'recording',
      'uploading',
      'reading-your-report',
      'scores',
      'compare-and-development',
      'teams-and-invitations',
      'external-review',
      'privacy-and-data',
    ]);
    for (const guide of guides) expect(guide.summary.length, guide.slug).toBeGreaterThan(20);
  });

  it('has at least 20 FAQ questions, each with a deep link into a guide but the password one', () => {
    expect(faqEntries.length).toBeGreaterThanOrEqual(20);
    const withoutGuide = faqEntries.filter((entry) => !linksIn(entry.markdown).some((l) => l.startsWith('/help/guides/')));
    expect(withoutGuide.map((e) => e.heading)).toEqual(['I forgot my password. What now?']);
  });

  it('links only to guides and sections that exist', () => {
    const sources = [...faqEntries.map((e) => e.markdown), ...guides.map((g) => g.body)];
    const links = sources.flatMap(linksIn).filter((l) => l.startsWith('/help/guides/'));
    expect(links.length).toBeGreaterThan(30);
    for (const link of links) {
      const [, slug, anchor] = /^\/help\/guides\/([^#]+)(?:#(.+))?$/.exec(link)!;
      const guide = findGuide(slug);
      expect(guide, link).toBeDefined();
      if (anchor)
        expect(
          helpSections(parseHelpDocument(guide!.body).body).map((s) => s.anchor),
          link,
        ).toContain(anchor);
    }
  });
});

describe('help pages', { timeout: 20_000 }, () => {
  it('lists every guide on /help/guides, each at its own URL', async () => {
    renderApp('/help/guides');
    const link = await screen.findByRole('link', { name: /Recording a session/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/help/guides/recording');
    for (const guide of guides) expect(screen.getByRole('link', { name: new RegExp(guide.title) })).toHaveAttribute('href', guide.url);
  });

  it('renders a guide from its Markdown, with anchored sections and tables', async () => {
    renderApp('/help/guides/scores#engagement');
    expect(await screen.findByRole('heading', { level: 1, name: 'The five scores and how to improve them' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Engagement' })).toHaveAttribute('id', 'engagement');
    expect(screen.getAllByRole('table').length).toBe(5);
    expect(within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', { name: 'Tactical' })).toHaveAttribute('href', '#tactical');
    await waitFor(() => expect(scrolledTo.map((e) => e.id)).toContain('engagement'));
  });

  it('shows "Page not found" for a guide that does not exist', async () => {
    renderApp('/help/guides/no-such-guide');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('searches the help through the API and links each result to its section', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/help/search'
        ? [{ kind: 'guide', title: 'Recording a session', section: 'Wind', url: '/help/guides/recording#wind', excerpt: 'Wind across a bare microphone' }]
        : undefined,
    );
    renderApp('/help/guides');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search the guides' }, { timeout: 5000 }), { target: { value: 'wind noise' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'Wind' })).toHaveAttribute('href', '/help/guides/recording#wind');
    expect(requests.find((r) => r.path === '/api/help/search')?.query.get('q')).toBe('wind noise');
  });

  it('opens the FAQ question a deep link names', async () => {
    renderApp('/help/faq#which-files-can-i-upload');
    const question = await screen.findByText('Which files can I upload?', {}, { timeout: 5000 });
    expect(question.closest('details')).toHaveAttribute('open');
    await waitFor(() => expect(scrolledTo.map((e) => e.id)).toContain('which-files-can-i-upload'));
    expect(screen.getAllByRole('link', { name: 'File types and limits' })[0]).toHaveAttribute('href', '/help/guides/recording#file-types-and-limits');
  });

  it('prefills a signed-in coach on Contact and shows the reference after sending', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/help/contact'
        ? { reference: 'TL-ABCD2345', message: 'Thank you. Your message has been sent to support. Your reference is TL-ABCD2345.' }
        : undefined,
    );
    renderApp('/help/contact', makeUser({ username: 'alex', email: 'alex@club.example' }));
    expect(await screen.findByLabelText('Name', {}, { timeout: 5000 })).toHaveValue('alex');
    expect(screen.getByLabelText('Email')).toHaveValue('alex@club.example');
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Reports and scores' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'My engagement score says Not scored.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Your reference is TL-ABCD2345/)).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/help/contact')?.body).toEqual({
        name: 'alex',
        email: 'alex@club.example',
        topic: 'Reports and scores',
        message: 'My engagement score says Not scored.',
        website: '',
      }),
    );
  });
});
