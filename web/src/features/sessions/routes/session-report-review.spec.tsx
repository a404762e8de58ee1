import type { ReviewCommentDto, ReviewLinkDto } from '@touchline/shared';
import { REVIEW_MESSAGES } from '@touchline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makePlanCatalogue, makeReport } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const report = makeReport();

const link: ReviewLinkDto = {
  id: 'l1',
  sessionId: 's1',
  label: 'Alex from the academy',
  passwordProtected: false,
  showMedia: true,
  showTranscript: true,
  showScores: false,
  allowDownload: false,
  expiresAt: '2099-01-15T00:00:00.000Z',
  revokedAt: null,
  views: 3,
  lastUsedAt: '2026-01-02T10:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
};

const comment: ReviewCommentDto = {
  id: 'c1',
  parentId: null,
  authorName: 'Alex',
  body: '<b>Good</b> question here',
  startSeconds: 42,
  endSeconds: null,
  resolvedAt: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  linkLabel: 'Alex from the academy',
};

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(extra: (request: { method: string; path: string }) => unknown = () => undefined) {
  return fakeApi((request) => {
    const answer = extra(request);
    if (answer !== undefined) return answer;
    if (request.path === '/api/sessions/s1') return report.session;
    if (request.path === '/api/sessions/s1/report') return report;
    if (request.path === '/api/plans') return makePlanCatalogue();
    if (request.path === '/api/sessions/s1/media') return { url: '/media/s1.wav' };
    if (request.path === '/api/sessions/s1/review-links') return [link];
    if (request.path === '/api/sessions/s1/review-comments') return [comment];
    return undefined;
  });
}

// Typing into the form takes a few seconds on a busy 2-core machine.
describe('external review on the report', { timeout: 20_000 }, () => {
  it('makes a link on Pro, shows its address once, lists the links with their use, and revokes one', async () => {
    const requests = serve(({ method, path }) => {
      if (method === 'POST' && path === '/api/sessions/s1/review-links')
        return Response.json({ link: { ...link, id: 'l2', label: 'Sam' }, url: 'http://localhost/external-review/s1/tok' }, { status: 201 });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    renderApp('/sessions/s1', makeUser({ plan: 'Pro' }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reviewer'), 'Sam');
    await user.click(screen.getByRole('checkbox', { name: 'Scores' }));
    await user.click(screen.getByRole('button', { name: 'Create review link' }));
    expect(await screen.findByTestId('review-link-url')).toHaveValue('http://localhost/external-review/s1/tok');
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted).toBeDefined();
    const row = screen.getAllByTestId('review-link')[0]!;
    expect(row).toHaveTextContent('Alex from the academy');
    expect(row).toHaveTextContent('3 views');
    await user.click(within(row).getByRole('button', { name: 'Revoke the link for Alex from the academy' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/sessions/s1/review-links/l1')).toBe(true));
  });

  it('refuses an empty label before sending anything', async () => {
    const requests = serve();
    renderApp('/sessions/s1', makeUser({ plan: 'Elite' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create review link' }));
    expect(await screen.findByText(REVIEW_MESSAGES.label)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('tells a coach on another plan that sharing comes with Pro and Elite', async () => {
    serve();
    renderApp('/sessions/s1', makeUser({ plan: 'Coach' }));
    expect(await screen.findByText(REVIEW_MESSAGES.planRequired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create review link' })).not.toBeInTheDocument();
  });

  it("offers review links by the installation's catalogue, not a list of its own", async () => {
    const catalogue = makePlanCatalogue();
    const coachPlus = catalogue.plans.find((p) => p.name === 'Coach Plus')!;
    coachPlus.opens = [...coachPlus.opens, 'externalReview'];
    serve(({ path }) => (path === '/api/plans' ? catalogue : undefined));
    renderApp('/sessions/s1', makeUser({ plan: 'Coach Plus' }));
    expect(await screen.findByRole('button', { name: 'Create review link' })).toBeInTheDocument();
    expect(screen.queryByText(REVIEW_MESSAGES.planRequired)).not.toBeInTheDocument();
  });

  it('shows the comments as text, seeks the player to a comment, and resolves it', async () => {
    const requests = serve(({ method }) => (method === 'PATCH' ? { ...comment, resolvedAt: '2026-01-03T00:00:00.000Z' } : undefined));
    renderApp('/sessions/s1', makeUser({ plan: 'Pro' }));
    const item = await screen.findByTestId('review-comment');
    expect(item).toHaveTextContent('<b>Good</b> question here');
    expect(item.querySelector('b')).toBeNull();
    const player = await screen.findByTestId<HTMLMediaElement>('player');
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Play from 0:42' }));
    expect(player.currentTime).toBe(42);
    await user.click(within(item).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH' && r.path === '/api/sessions/s1/review-comments/c1')).toBe(true));
  });
});
