import type { OverviewDto } from '@touchline/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeSession } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const overview: OverviewDto = {
  totals: { sessions: 4, completed: 2, inProgress: 1, failed: 1 },
  latest: [
    makeSession({
      id: 's4',
      title: 'Saturday match prep',
      mediaType: 'video',
      originalFileName: 'sat.mp4',
      contentType: 'video/mp4',
      processingStatus: 'processing',
      analysisProgress: 30,
      uploadedAt: '2026-03-14T09:00:00.000Z',
      createdAt: '2026-03-14T08:59:00.000Z',
    }),
  ],
  averages: { talkRatio: 0.416, interventionsPerMinute: 2.25, scores: { technical: 70.5, tactical: null, communication: 60, management: 55, engagement: 80 } },
  trend: [
    {
      sessionId: 's1',
      title: 'Tuesday drills',
      date: '2026-03-10T18:00:00.000Z',
      talkRatio: 0.4,
      coachingStyle: 'Balanced',
      scores: { technical: 68, tactical: null, communication: 58, management: 50, engagement: 78 },
    },
    {
      sessionId: 's2',
      title: 'Thursday session',
      date: '2026-03-12T18:00:00.000Z',
      talkRatio: 0.43,
      coachingStyle: 'Balanced',
      scores: { technical: 73, tactical: null, communication: 62, management: 60, engagement: 82 },
    },
  ],
};

const figure = (list: HTMLElement, label: string) => within(list).getByText(label).nextElementSibling;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('overview', () => {
  it('shows the totals, the latest sessions, the averages and the trend', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard/overview' ? overview : undefined));
    renderApp('/dashboard/overview', makeUser());
    const totals = await screen.findByLabelText('Totals');
    expect(figure(totals, 'Sessions')).toHaveTextContent('4');
    expect(figure(totals, 'In progress')).toHaveTextContent('1');

    const latest = screen.getByRole('heading', { name: 'Latest sessions' }).closest('section')!;
    expect(within(latest).getByRole('link', { name: 'Saturday match prep' })).toHaveAttribute('href', '/sessions/s4');
    expect(latest).toHaveTextContent('Analysing (30%)');

    const averages = screen.getByRole('heading', { name: 'Averages' }).closest('section')!;
    expect(figure(averages, 'Talk ratio')).toHaveTextContent('42%');
    expect(figure(averages, 'Interventions per minute')).toHaveTextContent('2.3');
    expect(figure(averages, 'Technical')).toHaveTextContent('70.5');
    // An unscored category says so and why, to screen readers and on a tap, never a bare dash.
    expect(figure(averages, 'Tactical')).toHaveTextContent('Not scored');
    const tactical = within(figure(averages, 'Tactical') as HTMLElement).getByRole('button', { name: /^Not scored/ });
    expect(tactical).toHaveAccessibleName('Not scored: No analysed session scored this category yet.');
    fireEvent.click(tactical);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('No analysed session scored this category yet.');

    const trend = screen.getByRole('heading', { name: 'Trend' }).closest('section')!;
    const table = within(trend).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: /Thursday session/ }).parentElement).toHaveTextContent(
      /73.*Not scored: The analysis gave this session no score in this category.*62.*60.*82.*43/,
    );
  });

  it('keeps an upload button once there are sessions', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard/overview' ? overview : undefined));
    renderApp('/dashboard/overview', makeUser());
    await screen.findByLabelText('Totals');
    expect(screen.getByRole('link', { name: 'Upload a session' })).toHaveAttribute('href', '/upload');
  });

  it('welcomes a coach without sessions and points to the upload', async () => {
    fakeApi(({ path }) =>
      path === '/api/dashboard/overview'
        ? {
            totals: { sessions: 0, completed: 0, inProgress: 0, failed: 0 },
            latest: [],
            averages: {
              talkRatio: null,
              interventionsPerMinute: null,
              scores: { technical: null, tactical: null, communication: null, management: null, engagement: null },
            },
            trend: [],
          }
        : undefined,
    );
    renderApp('/dashboard', makeUser());
    const empty = await screen.findByTestId('overview-empty');
    expect(within(empty).getByRole('link', { name: 'Upload a session' })).toHaveAttribute('href', '/upload');
    expect(screen.queryByRole('heading', { name: 'Trend' })).not.toBeInTheDocument();
  });
});
