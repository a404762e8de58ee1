import type { CoachingSessionDto, SessionPageDto } from '@touchline/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '@/test/fake-api';
import { makeSession } from '@/test/fixtures';
import { makeUser, renderApp } from '@/test/render-app';

const sessionNamed = (n: number): CoachingSessionDto =>
  makeSession({ id: `s${n}`, title: `Session ${n}`, originalFileName: `session-${n}.wav`, sizeBytes: 2048 });

/** 25 sessions, served 10 a page, filtered by title the way the API does. */
function serveSessions(all = Array.from({ length: 25 }, (_, i) => sessionNamed(i + 1))) {
  const lists: FakeRequest[] = [];
  const requests = fakeApi((request) => {
    if (request.method === 'DELETE') {
      all.splice(
        all.findIndex((s) => `/api/sessions/${s.id}` === request.path),
        1,
      );
      return new Response(null, { status: 204 });
    }
    if (request.path !== '/api/sessions') return undefined;
    if (request.method === 'GET') lists.push(request);
    const search = request.query.get('search')?.toLowerCase() ?? '';
    const matching = all.filter(
      (s) => s.title.toLowerCase().includes(search) && (!request.query.get('status') || s.processingStatus === request.query.get('status')),
    );
    const page = Number(request.query.get('page') ?? 1);
    return { items: matching.slice((page - 1) * 10, page * 10), total: matching.length, page, pageSize: 10 } satisfies SessionPageDto;
  });
  return { requests, lists };
}

const rows = () => screen.getAllByTestId('session-row');

// The screen loads on demand; load it once here, so the first test's waits measure the screen, not the import.
beforeAll(() => import('./sessions'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sessions list', () => {
  it('pages through the sessions and keeps the page in the URL', async () => {
    const { lists } = serveSessions();
    const { router } = renderApp('/dashboard/sessions', makeUser());
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('session-total')).toHaveTextContent('25 sessions');
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]).toHaveTextContent('Session 21');
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(lists.map((r) => r.query.toString())).toEqual(['', 'page=2', 'page=3']);
  });

  it('reads the filters from the URL', async () => {
    const { lists } = serveSessions();
    renderApp('/dashboard/sessions?status=failed&mediaType=video&page=2', makeUser());
    await waitFor(() => expect(lists[0]?.query.toString()).toBe('status=failed&mediaType=video&page=2'));
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    expect(screen.getByLabelText('Media type')).toHaveValue('video');
  });

  it('searches once the coach stops typing, from the first page', async () => {
    const { lists } = serveSessions();
    const { router } = renderApp('/dashboard/sessions?page=2', makeUser());
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByLabelText('Search'), 'session 1');
    await waitFor(() => expect(router.state.location.search).toBe('?search=session+1'));
    // Session 1 and 10 to 19.
    expect(await screen.findByText('11 sessions match')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    // One request for the page it opened on, one for the words typed: none per keystroke.
    expect(lists.map((r) => r.query.get('search'))).toEqual([null, 'session 1']);
  });

  it('follows the URL when it changes from outside, as with back', async () => {
    serveSessions();
    const { router } = renderApp('/dashboard/sessions', makeUser());
    await screen.findByText('Page 1 of 3');
    await act(() => router.navigate('/dashboard/sessions?search=session+2'));
    expect(screen.getByLabelText('Search')).toHaveValue('session 2');
    expect(await screen.findByText('7 sessions match')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(await screen.findByText('25 sessions')).toBeInTheDocument();
  });

  it('filters by status and starts again at the first page', async () => {
    const { lists } = serveSessions([sessionNamed(1), { ...sessionNamed(2), processingStatus: 'failed', failureReason: 'Broken file.' }]);
    const { router } = renderApp('/dashboard/sessions', makeUser());
    await screen.findByText('Page 1 of 1');
    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'Analysis failed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Session 2');
    expect(lists.at(-1)?.query.toString()).toBe('status=failed');
  });

  it('says which analysis waits for the transcriber to finish installing', async () => {
    serveSessions([sessionNamed(1), { ...sessionNamed(2), processingStatus: 'processing', analysisProgress: 40, waitingFor: 'transcriber' }]);
    renderApp('/dashboard/sessions', makeUser());
    await screen.findByText('Page 1 of 1');
    const waiting = rows().find((row) => row.textContent?.includes('Session 2'))!;
    expect(waiting).toHaveTextContent('Waiting for the transcriber');
    expect(waiting).toHaveTextContent('The transcriber is still being installed on the server: the analysis goes on by itself once it is ready.');
    expect(rows().find((row) => row.textContent?.includes('Session 1'))).not.toHaveTextContent('transcriber');
  });

  it('keeps both the words typed and a filter chosen within the search wait', async () => {
    const { lists } = serveSessions([
      sessionNamed(1),
      { ...sessionNamed(2), processingStatus: 'failed', failureReason: 'Broken file.' },
      { ...sessionNamed(12), processingStatus: 'failed' },
    ]);
    const { router } = renderApp('/dashboard/sessions', makeUser());
    await screen.findByText('Page 1 of 1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'session 2');
    // Well inside the 300 ms wait: the filter takes the typed words with it.
    await user.selectOptions(screen.getByLabelText('Status'), 'Analysis failed');
    await waitFor(() => expect(router.state.location.search).toBe('?search=session+2&status=failed'));
    // After the wait has passed, nothing undoes either choice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(router.state.location.search).toBe('?search=session+2&status=failed');
    expect(screen.getByLabelText('Search')).toHaveValue('session 2');
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Session 2');
    expect(lists.at(-1)?.query.toString()).toBe('search=session+2&status=failed');
  });

  it('keeps a filter chosen after typing when the search applies', async () => {
    serveSessions();
    const { router } = renderApp('/dashboard/sessions', makeUser());
    await screen.findByText('Page 1 of 3');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'session 1');
    await user.selectOptions(screen.getByLabelText('Media type'), 'Video');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(router.state.location.search).toBe('?search=session+1&mediaType=video');
  });

  it('tells an empty account from a search that matches nothing', async () => {
    serveSessions([]);
    const empty = renderApp('/dashboard/sessions', makeUser());
    expect(await screen.findByText(/No sessions yet/)).toBeInTheDocument();
    const uploads = screen.getAllByRole('link', { name: 'Upload a session' });
    expect(uploads.map((a) => a.getAttribute('href'))).toContain('/upload');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    empty.unmount();

    serveSessions();
    renderApp('/dashboard/sessions?search=nothing-like-this', makeUser());
    expect(await screen.findByText('No sessions match.')).toBeInTheDocument();
    expect(screen.queryByText(/No sessions yet/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('nothing-like-this');
  });

  it('asks in an accessible dialog before deleting, then deletes and shows the list again', async () => {
    const { requests } = serveSessions([sessionNamed(1), sessionNamed(2)]);
    const nativeConfirm = vi.spyOn(window, 'confirm');
    renderApp('/dashboard/sessions', makeUser());
    await screen.findByText('Page 1 of 1');
    const user = userEvent.setup();
    const trigger = within(rows()[0]!).getByRole('button', { name: 'Delete Session 1' });
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this session?' });
    expect(dialog).toHaveAccessibleDescription('“Session 1” and its recording will be deleted. This cannot be undone.');
    // Focus starts on the safe choice; Cancel deletes nothing and gives focus back.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(trigger);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete session' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/sessions/s1');
    expect(nativeConfirm).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
