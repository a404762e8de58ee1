import { SESSION_FIGURES, SKILL_CATEGORIES, type CompareDto, type SessionFigures, type SessionPageDto } from '@touchline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeSession } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const A = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a01';
const B = '0b6b6c1e-8a47-4c8e-9a39-2f0f3f1c0a02';
const sessions = [
  makeSession({ id: A, title: 'Monday rondo', processingStatus: 'completed' }),
  makeSession({ id: B, title: 'Wednesday pressing', processingStatus: 'completed' }),
];
const page = (items: typeof sessions): SessionPageDto => ({ items, total: items.length, page: 1, pageSize: 10 });
const figures = (talkRatio: number, communication: number): SessionFigures =>
  ({ ...Object.fromEntries(SESSION_FIGURES.map((f) => [f, null])), durationSeconds: 600, talkRatio, communication }) as SessionFigures;

const compare: CompareDto = {
  sessions: [
    {
      session: sessions[0]!,
      figures: figures(0.3, 80),
      coachingStyle: 'Balanced',
      scores: SKILL_CATEGORIES.map((category) => ({
        category,
        score: category === 'communication' ? 80 : null,
        level: category === 'communication' ? 'expert' : null,
      })),
      segments: [{ start: 10, end: 14 }],
    },
    {
      session: sessions[1]!,
      figures: figures(0.7, 45),
      coachingStyle: 'Balanced',
      scores: SKILL_CATEGORIES.map((category) => ({
        category,
        score: category === 'communication' ? 45 : null,
        level: category === 'communication' ? 'intermediate' : null,
      })),
      segments: [
        { start: 5, end: 9 },
        { start: 300, end: 320 },
      ],
    },
  ],
  rows: SESSION_FIGURES.map((figure) => ({
    figure,
    direction: figure === 'talkRatio' ? 'ideal' : figure === 'durationSeconds' ? 'none' : 'higher',
    ideal: figure === 'talkRatio' ? [0.15, 0.4] : null,
    verdicts: figure === 'talkRatio' || figure === 'communication' ? ['best', 'worst'] : [null, null],
  })),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('compare', { timeout: 20_000 }, () => {
  it('explains that comparing needs two analysed sessions', async () => {
    fakeApi(({ path }) => (path === '/api/sessions' ? page(sessions.slice(0, 1)) : undefined));
    renderApp('/dashboard/compare', makeUser());
    expect(await screen.findByTestId('compare-empty', {}, { timeout: 5000 })).toHaveTextContent('Comparing needs at least two analysed sessions.');
    expect(screen.getByRole('link', { name: 'Upload a session' })).toHaveAttribute('href', '/upload');
  });

  it('shows the sessions in the URL side by side, with best and worst marked and the rubric direction', async () => {
    const requests = fakeApi(({ path }) => (path === '/api/sessions' ? page(sessions) : path === '/api/dashboard/compare' ? compare : undefined));
    renderApp(`/dashboard/compare?ids=${A},${B}`, makeUser());
    const table = await screen.findByTestId('compare-table', {}, { timeout: 5000 });
    expect(requests.find((r) => r.path === '/api/dashboard/compare')!.query.get('ids')).toBe(`${A},${B}`);
    const talk = within(table).getByRole('rowheader', { name: /^Talk ratio/ }).parentElement!;
    expect(talk).toHaveTextContent('best between 15% and 40%');
    expect(
      within(talk)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['30% ▲ nearest the ideal 15%–40%', '70% ▼ furthest from the ideal 15%–40%']);
    const communication = within(table).getByRole('rowheader', { name: /^Communication score/ }).parentElement!;
    expect(communication).toHaveTextContent(/80\s*\(Expert\)/);
    const technical = within(table).getByRole('rowheader', { name: /^Technical score/ }).parentElement!;
    expect(within(technical).getAllByRole('button', { name: /^Not scored: The analysis gave this session no score in this category/ })).toHaveLength(2);
    const praise = within(table).getByRole('rowheader', { name: /^Praise/ }).parentElement!;
    expect(within(praise).getAllByRole('button', { name: /^Not measured: The session was analysed without a transcript/ })).toHaveLength(2);
    expect(screen.getAllByTestId('compare-timeline')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Wednesday pressing: speech from 5:00 to 5:20' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2);
  });

  it('asks for one more session when one is removed, and keeps the choice in the URL', async () => {
    fakeApi(({ path }) => (path === '/api/sessions' ? page(sessions) : path === '/api/dashboard/compare' ? compare : undefined));
    const { router } = renderApp(`/dashboard/compare?ids=${A},${B}`, makeUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Wednesday pressing from the comparison' }, { timeout: 5000 }));
    expect(await screen.findByTestId('compare-prompt')).toHaveTextContent('Choose one more session to compare.');
    expect(router.state.location.search).toBe(`?ids=${A}`);
    fireEvent.click(within(screen.getByRole('list', { name: 'Analysed sessions' })).getAllByRole('checkbox')[1]!);
    await waitFor(() => expect(router.state.location.search).toBe(`?ids=${A},${B}`));
  });
});
