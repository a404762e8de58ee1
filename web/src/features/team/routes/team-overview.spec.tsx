import { TEAM_MESSAGES, type TeamOverviewDto } from '@touchline/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';

const admin = makeUser({ id: 'u-admin', plan: 'Elite', eliteRole: 'Elite Admin' });
const noScores = { technical: null, tactical: null, communication: null, management: null, engagement: null };

const overview: TeamOverviewDto = {
  team: { id: 't1', name: 'Riverside FC', seats: 10, seatsUsed: 3, role: 'Elite Admin', createdAt: '2026-01-01T00:00:00Z' },
  totals: { members: 2, pendingInvitations: 1, sessions: 5, completed: 3, inProgress: 1, failed: 1 },
  averages: { talkRatio: 0.38, questioningShare: 0.12, scores: { technical: 66.5, tactical: null, communication: 58, management: 51, engagement: 77 } },
  coaches: [
    {
      userId: 'u-admin',
      username: 'Morgan',
      role: 'Elite Admin',
      sessions: 1,
      completed: 0,
      talkRatio: null,
      questioningShare: null,
      scores: noScores,
      lastSessionAt: null,
    },
    {
      userId: 'u-sam',
      username: 'Sam',
      role: 'Elite Coach',
      sessions: 4,
      completed: 3,
      talkRatio: 0.38,
      questioningShare: 0.12,
      scores: { technical: 66.5, tactical: null, communication: 58, management: 51, engagement: 77 },
      lastSessionAt: '2026-03-12T18:00:00Z',
    },
  ],
  trend: [
    {
      week: '2026-03-02',
      sessions: 1,
      talkRatio: 0.4,
      questioningShare: 0.1,
      scores: { technical: 60, tactical: null, communication: 55, management: 50, engagement: 70 },
    },
    {
      week: '2026-03-09',
      sessions: 2,
      talkRatio: 0.37,
      questioningShare: 0.13,
      scores: { technical: 70, tactical: null, communication: 60, management: 52, engagement: 80 },
    },
  ],
};

beforeAll(() => import('./team-overview'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Team Overview', () => {
  it('shows an Elite Admin the team’s totals, averages, each coach side by side and the weekly trend', async () => {
    const requests = fakeApi(({ path }) => (path === '/api/team/overview' ? overview : undefined));
    renderApp('/dashboard/overview', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Overview' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a session' })).toHaveAttribute('href', '/upload');
    const totals = await screen.findByLabelText('Team totals');
    expect(totals).toHaveTextContent('Coaches2');
    expect(totals).toHaveTextContent('Pending invitations1');
    expect(totals).toHaveTextContent('Sessions5');
    expect(screen.getByRole('region', { name: 'Team averages' })).toHaveTextContent('Talk ratio38%');
    expect(screen.getByRole('region', { name: 'Team averages' })).toHaveTextContent('Questioning12%');
    expect(screen.getByRole('region', { name: 'Team averages' })).toHaveTextContent('Technical66.5');
    const [morgan, sam] = screen.getAllByTestId('coach-row');
    expect(morgan).toHaveTextContent('0 of 1 analysed');
    expect(morgan).toHaveTextContent('Not scored: None of this coach’s analysed sessions scored this category yet.');
    expect(morgan).toHaveTextContent('Not measured: No analysed session with a transcript yet');
    expect(morgan).toHaveTextContent('No session yet');
    expect(morgan).not.toHaveTextContent('—');
    expect(screen.getByRole('region', { name: 'Team averages' })).toHaveTextContent(
      'TacticalNot scored: No analysed session of the team scored this category yet.',
    );
    expect(sam).toHaveTextContent('3 of 4 analysed');
    expect(sam).toHaveTextContent('38%');
    expect(sam).toHaveTextContent('12%');
    expect(screen.getByRole('img', { name: /weekly scores, talk ratio and questioning over 2 weeks/ })).toBeInTheDocument();
    // The admin's own sessions are not what this page is about.
    expect(requests.map((r) => r.path)).not.toContain('/api/dashboard/overview');
  });

  it('says the averages and trend wait for a first analysed session', async () => {
    fakeApi(({ path }) =>
      path === '/api/team/overview'
        ? { ...overview, totals: { ...overview.totals, completed: 0 }, averages: { talkRatio: null, questioningShare: null, scores: noScores }, trend: [] }
        : undefined,
    );
    renderApp('/dashboard/overview', admin);
    expect(await screen.findByText('The averages appear once a session of the team has been analysed.')).toBeInTheDocument();
    expect(screen.getByText('The trend appears once a session of the team has been analysed.')).toBeInTheDocument();
  });

  it('shows the server’s message when the overview cannot be loaded', async () => {
    fakeApi(() => Response.json({ statusCode: 404, message: TEAM_MESSAGES.notFound }, { status: 404 }));
    renderApp('/dashboard/overview', admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.notFound);
  });

  it('keeps the personal overview for an Elite Coach', async () => {
    const requests = fakeApi(() => undefined);
    renderApp('/dashboard/overview', makeUser({ plan: 'Elite', eliteRole: 'Elite Coach' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(requests.map((r) => r.path)).not.toContain('/api/team/overview');
  });
});
