import { SQUAD_MESSAGES } from '@touchline/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';
import { namesOf } from './squad-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The JSON bodies the app sent with PUT /api/squad. */
const putBodies = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([input, init]) => String(input).endsWith('/api/squad') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('squad on the profile page', { timeout: 20_000 }, () => {
  it('shows the saved squad, one name a line, and saves the edited list', async () => {
    let names = ['Sophie', 'James'];
    fakeApi(({ method, path }) => {
      if (path !== '/api/squad') return undefined;
      if (method === 'PUT') names = ['Sophie', 'James', 'Mary-Jo'];
      return { names };
    });
    renderApp('/profile', makeUser());
    const box = await screen.findByRole('textbox', { name: 'Player first names' });
    await vi.waitFor(() => expect(box).toHaveValue('Sophie\nJames'));
    await userEvent.type(box, '\n\n  Mary-Jo  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save squad' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Squad saved: 3 players.');
    expect(putBodies()).toEqual([{ names: ['Sophie', 'James', 'Mary-Jo'] }]);
    expect(box).toHaveValue('Sophie\nJames\nMary-Jo');
  });

  it("shows the server's reason when a name is refused", async () => {
    fakeApi(({ method, path }) => {
      if (path !== '/api/squad') return undefined;
      if (method === 'PUT') return Response.json({ statusCode: 400, message: SQUAD_MESSAGES.name }, { status: 400 });
      return { names: [] };
    });
    renderApp('/profile', makeUser());
    const box = await screen.findByRole('textbox', { name: 'Player first names' });
    await vi.waitFor(() => expect(box).toBeEnabled());
    await userEvent.type(box, 'Sam7');
    await userEvent.click(screen.getByRole('button', { name: 'Save squad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SQUAD_MESSAGES.name);
  });

  it('reads one name a line, dropping blank lines and spaces around names', () => {
    expect(namesOf(' Sophie \n\n James\n  \nMary Jo')).toEqual(['Sophie', 'James', 'Mary Jo']);
  });
  it("shows a team member the team's squad too, kept by the team's admins", async () => {
    fakeApi(({ path }) =>
      path === '/api/squad' ? { names: ['Ana'] } : path === '/api/team/squad' ? { names: ['Kwame', 'Mary-Jo'], editable: false } : undefined,
    );
    renderApp('/profile', makeUser({ plan: 'Elite', eliteRole: 'Elite Coach' }));
    expect(await screen.findByTestId('team-squad-names')).toHaveTextContent('Your team’s squad counts too: Kwame, Mary-Jo. Your team’s admins keep it.');
  });

  it('asks a coach without a team for no team squad', async () => {
    const requests = fakeApi(({ path }) => (path === '/api/squad' ? { names: ['Ana'] } : undefined));
    renderApp('/profile', makeUser());
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Player first names' })).toHaveValue('Ana'));
    expect(requests.map((r) => r.path)).not.toContain('/api/team/squad');
    expect(screen.queryByTestId('team-squad-names')).toBeNull();
  });
});

describe('squad on the upload page', { timeout: 20_000 }, () => {
  it('says how many players it holds, and opens to add one before uploading', async () => {
    let names = ['Sophie', 'James'];
    fakeApi(({ method, path, body }) => {
      if (path !== '/api/squad') return undefined;
      if (method === 'PUT') names = (body as { names: string[] }).names;
      return { names };
    });
    renderApp('/upload', makeUser());
    const summary = await screen.findByText('Squad: 2 players');
    await userEvent.click(summary);
    const box = await screen.findByRole('textbox', { name: 'Player first names' });
    await vi.waitFor(() => expect(box).toHaveValue('Sophie\nJames'));
    await userEvent.type(box, '\nKwame');
    await userEvent.click(screen.getByRole('button', { name: 'Save squad' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Squad saved: 3 players.');
    expect(putBodies()).toEqual([{ names: ['Sophie', 'James', 'Kwame'] }]);
    expect(await screen.findByText('Squad: 3 players')).toBeInTheDocument();
  });
});
