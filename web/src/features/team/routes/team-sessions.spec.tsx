import { TEAM_MESSAGES, type TeamMemberDto, type TeamSessionDto, type TeamSessionPageDto } from '@touchline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '@/test/fake-api';
import { makeSession } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const admin = makeUser({ id: 'u-admin', plan: 'Elite', eliteRole: 'Elite Admin' });

const coaches = [
  { userId: 'u-sam', username: 'Sam' },
  { userId: 'u-jo', username: 'Jo' },
];
const members: TeamMemberDto[] = coaches.map((c) => ({
  ...c,
  email: `${c.username}@club.example`,
  role: 'Elite Coach',
  joinedAt: '2026-01-01T00:00:00Z',
  sessions: 1,
  latest: null,
}));

const scores = { technical: 72, tactical: null, communication: 55, management: 40, engagement: 90 };

/** 23 sessions, alternating between Sam and Jo; every third still waiting for analysis. */
const all: TeamSessionDto[] = Array.from({ length: 23 }, (_, i) => {
  const analysed = i % 3 !== 2;
  return {
    session: makeSession({ id: `s${i + 1}`, title: `Session ${i + 1}`, processingStatus: analysed ? 'completed' : 'pending' }),
    coach: coaches[i % 2]!,
    coachingStyle: analysed ? 'Balanced' : null,
    scores: analysed ? scores : null,
  };
});

function serve(items = all) {
  const lists: FakeRequest[] = [];
  fakeApi((request) => {
    if (request.path === '/api/team/members') return members;
    if (request.path !== '/api/team/sessions') return undefined;
    lists.push(request);
    const search = request.query.get('search')?.toLowerCase() ?? '';
    const coachId = request.query.get('coachId');
    const matching = items.filter((i) => i.session.title.toLowerCase().includes(search) && (!coachId || i.coach.userId === coachId));
    const page = Number(request.query.get('page') ?? 1);
    return { items: matching.slice((page - 1) * 10, page * 10), total: matching.length, page, pageSize: 10 } satisfies TeamSessionPageDto;
  });
  return lists;
}

const rows = () => screen.getAllByTestId('team-session-row');

beforeAll(() => import('./team-sessions'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Team Sessions', () => {
  it('lists every member’s sessions with coach, status, style and scores, and links the analysed ones to their report', async () => {
    serve();
    renderApp('/dashboard/team-sessions', admin);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('session-total')).toHaveTextContent('23 sessions');
    expect(rows()).toHaveLength(10);
    const first = rows()[0]!;
    expect(first).toHaveTextContent('Sam');
    expect(first).toHaveTextContent('Balanced');
    expect(first).toHaveTextContent('Analysed');
    expect(within(first).getByLabelText('Scores of Session 1')).toHaveTextContent('Technical72');
    expect(within(first).getByRole('link', { name: 'Session 1' })).toHaveAttribute('href', '/dashboard/team-sessions/s1');
    const waiting = rows()[2]!;
    expect(waiting).toHaveTextContent('Waiting for analysis');
    expect(within(waiting).queryByRole('link')).not.toBeInTheDocument();
  });

  it('filters by coach, keeps the filter in the URL and starts at the first page', async () => {
    const lists = serve();
    const { router } = renderApp('/dashboard/team-sessions?page=2', admin);
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Coach'), 'Jo');
    await waitFor(() => expect(router.state.location.search).toBe('?coachId=u-jo'));
    expect(await screen.findByText('11 sessions match')).toBeInTheDocument();
    expect(lists.at(-1)?.query.toString()).toBe('coachId=u-jo');
    rows().forEach((row) => expect(row).toHaveTextContent('Jo'));
  });

  it('reads search and filters from the URL', async () => {
    const lists = serve();
    renderApp('/dashboard/team-sessions?search=session+2&status=completed&coachId=u-sam', admin);
    await waitFor(() => expect(lists[0]?.query.toString()).toBe('search=session+2&status=completed&coachId=u-sam'));
    expect(screen.getByLabelText('Search')).toHaveValue('session 2');
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
    await waitFor(() => expect(screen.getByLabelText('Coach')).toHaveValue('u-sam'));
  });

  it('pages with Next and keeps the page in the URL', async () => {
    serve();
    const { router } = renderApp('/dashboard/team-sessions', admin);
    await screen.findByText('Page 1 of 3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says when the team has no sessions yet', async () => {
    serve([]);
    renderApp('/dashboard/team-sessions', admin);
    expect(await screen.findByText(/No sessions yet\. Your coaches’ uploads appear here/)).toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    serve();
    const { router } = renderApp('/dashboard/team-sessions?search=nothing', admin);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('23 sessions')).toBeInTheDocument();
  });

  it('shows the server’s message when the sessions cannot be loaded', async () => {
    fakeApi((r) => (r.path === '/api/team/members' ? members : Response.json({ statusCode: 404, message: TEAM_MESSAGES.notFound }, { status: 404 })));
    renderApp('/dashboard/team-sessions', admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.notFound);
  });

  it('shows a spinner while the sessions load', async () => {
    fakeApi(() => new Promise(() => undefined) as never);
    renderApp('/dashboard/team-sessions', admin);
    expect(await screen.findByText('Loading')).toBeInTheDocument();
  });
});
