import { TEAM_MESSAGES, type TeamSessionReportDto } from '@touchline/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeReport, makeSession } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const admin = makeUser({ id: 'u-admin', plan: 'Elite', eliteRole: 'Elite Admin' });

const report = makeReport({ session: makeSession({ id: 's7', title: 'Sam’s Tuesday drills' }) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a team member’s session report', () => {
  it('shows the member’s analysis and recording read-only: no comments, sharing or retry, and nothing asked of the coach’s own routes', async () => {
    const requests = fakeApi(({ path }) =>
      path === '/api/team/sessions/s7/report'
        ? ({ coach: { userId: 'u-sam', username: 'Sam' }, report } satisfies TeamSessionReportDto)
        : path === '/api/team/sessions/s7/media'
          ? { url: 'http://127.0.0.1/api/media/s7-grant', expiresAt: '2030-01-01T00:00:00.000Z' }
          : undefined,
    );
    renderApp('/dashboard/team-sessions/s7', admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam’s Tuesday drills' })).toBeInTheDocument();
    expect(screen.getByText(/^Sam’s session of .*Read-only\.$/)).toBeInTheDocument();
    expect(screen.getByTestId('coaching-style')).toHaveTextContent('Hands-off');
    expect(screen.getByText(/The coach talked for 25% of the session/)).toBeInTheDocument();
    expect(screen.getByTestId('score-technical')).toHaveTextContent(/72.*Advanced/);
    expect(screen.queryByRole('heading', { name: 'Review comments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Share for review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // The member's recording plays from the team's own media route.
    await waitFor(() => expect(screen.getByTestId('player')).toHaveAttribute('src', 'http://127.0.0.1/api/media/s7-grant'));
    expect(screen.getByRole('link', { name: 'All team sessions' })).toHaveAttribute('href', '/dashboard/team-sessions');
    expect(requests.map((r) => r.path).filter((p) => p.startsWith('/api/sessions'))).toEqual([]);
  });

  it('shows the server’s message for a session outside the team', async () => {
    fakeApi(() => Response.json({ statusCode: 404, message: TEAM_MESSAGES.sessionNotFound }, { status: 404 }));
    renderApp('/dashboard/team-sessions/other', admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.sessionNotFound);
  });

  it('is closed to an Elite Coach', async () => {
    fakeApi(() => undefined);
    const { router } = renderApp('/dashboard/team-sessions/s7', makeUser({ plan: 'Elite', eliteRole: 'Elite Coach' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
