import { PLAN_MESSAGES, SESSION_FIGURES, SKILL_CATEGORIES, type DevelopmentDto, type GoalDto, type SessionFigures } from '@touchline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makePlanCatalogue } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const figures = (questioningShare: number | null, communication: number): SessionFigures =>
  ({ ...Object.fromEntries(SESSION_FIGURES.map((f) => [f, null])), questioningShare, communication }) as SessionFigures;

const goal: GoalDto = {
  id: 'g1',
  figure: 'questioningShare',
  comparison: 'atLeast',
  target: 0.15,
  targetDate: '2026-12-31',
  createdAt: '2026-03-01T00:00:00.000Z',
  progress: { status: 'not-met', latest: 0.1, fraction: 0.667, metSinceSet: 1, evaluatedSinceSet: 2, overdue: false },
};

const development: DevelopmentDto = {
  points: [
    {
      sessionId: 's1',
      title: 'Tuesday drills',
      date: '2026-03-10T18:00:00.000Z',
      figures: figures(0.2, 50),
      rolling: figures(0.2, 50),
      levels: { technical: null, tactical: null, communication: 'intermediate', management: null, engagement: null },
      goals: [true],
    },
    {
      sessionId: 's2',
      title: 'Thursday session',
      date: '2026-03-12T18:00:00.000Z',
      figures: figures(0.1, 70),
      rolling: figures(0.15, 60),
      levels: { technical: null, tactical: null, communication: 'advanced', management: null, engagement: null },
      goals: [false],
    },
    {
      sessionId: 's3',
      title: 'Saturday warm-up',
      date: '2026-03-14T18:00:00.000Z',
      figures: figures(null, 64),
      rolling: figures(0.15, 61.3),
      levels: { technical: null, tactical: null, communication: 'advanced', management: null, engagement: null },
      goals: [null],
    },
  ],
  levelsReached: SKILL_CATEGORIES.map((category) =>
    category === 'communication'
      ? { category, level: 'advanced', sessionId: 's2', date: '2026-03-12T18:00:00.000Z' }
      : { category, level: null, sessionId: null, date: null },
  ),
  goals: [goal],
  suggestions: { category: 'communication', score: 61.3, guidance: ['Aim to talk for roughly 15–40% of the session: say it short, then let them play.'] },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('development', { timeout: 20_000 }, () => {
  it('shows a point per session with the rolling average, levels reached, goals per session and suggestions', async () => {
    fakeApi(({ path }) => (path === '/api/dashboard/development' ? development : undefined));
    renderApp('/dashboard/development', makeUser());
    expect(await screen.findByTestId('development-count', {}, { timeout: 5000 })).toHaveTextContent('3 analysed sessions');
    const table = await screen.findByTestId('development-table', {}, { timeout: 5000 });
    expect(within(table).getByRole('columnheader', { name: 'Questioning ≥ 15%' })).toBeInTheDocument();
    const rows = within(table).getAllByTestId('development-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [expect.any(String), '50', '50', 'Met'],
      [expect.any(String), '70', '60', 'Not met'],
      [expect.any(String), '64', '61.3', 'Not measured'],
    ]);
    const communication = screen.getAllByTestId('level-reached').find((el) => el.textContent?.startsWith('Communication'))!;
    expect(communication).toHaveTextContent('Advanced');
    expect(within(communication).getByRole('link', { name: 'Thursday session' })).toHaveAttribute('href', '/sessions/s2');
    const goalItem = screen.getByTestId('goal');
    expect(goalItem).toHaveTextContent('Questioning ≥ 15%');
    expect(within(goalItem).getByTestId('goal-status')).toHaveTextContent('Not met');
    expect(goalItem).toHaveTextContent('Met in 1 of 2 sessions since you set it.');
    expect(screen.getByTestId('suggestions')).toHaveTextContent('Aim to talk for roughly 15–40%');

    // The same data as a visible table, on request.
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    expect(screen.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['none', 'Your plan is managed by your club. Ask your club’s admin to change it.', 'Compare plans'],
    ['stripe', 'Choose a plan on the Pricing page', 'Choose a plan on the Pricing page'],
  ] as const)('a plan without Development says where a plan comes from (billing %s), with a link', async (billing, words, link) => {
    fakeApi(({ path }) =>
      path === '/api/dashboard/development'
        ? Response.json({ statusCode: 403, message: PLAN_MESSAGES.capabilityRequired('development', ['Coach', 'Coach Plus', 'Elite']) }, { status: 403 })
        : path === '/api/plans'
          ? makePlanCatalogue(billing)
          : undefined,
    );
    renderApp('/dashboard/development', makeUser());
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await waitFor(() => expect(alert).toHaveTextContent(words));
    expect(alert).toHaveTextContent('Development needs the Coach, Coach Plus or Elite plan.');
    expect(within(alert).getByRole('link', { name: link })).toHaveAttribute('href', '/pricing');
    if (billing === 'none') expect(alert).not.toHaveTextContent('Choose a plan on the Pricing page');
  });

  it('sends a goal in the API unit: a typed percent as a share', async () => {
    const requests = fakeApi(({ path, method }) =>
      path === '/api/dashboard/development' ? development : path === '/api/dashboard/goals' && method === 'POST' ? { ...goal, id: 'g2' } : undefined,
    );
    const posted: unknown[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
      return realFetch(input, init);
    });
    renderApp('/dashboard/development', makeUser());
    const form = await screen.findByRole('form', { name: 'Set a goal' }, { timeout: 5000 });
    fireEvent.change(within(form).getByLabelText('Figure'), { target: { value: 'praiseShare' } });
    fireEvent.change(within(form).getByLabelText('Target (%)'), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('By'), { target: { value: '2027-01-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add goal' }));
    await waitFor(() => expect(posted).toEqual([{ figure: 'praiseShare', comparison: 'atLeast', target: 0.2, targetDate: '2027-01-31' }]));
    // The dashboard is read again, since every session's met/not met depends on the goals.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/dashboard/development')).toHaveLength(2));
  });
});
