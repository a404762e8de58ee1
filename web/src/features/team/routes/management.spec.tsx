import { TEAM_MESSAGES, type TeamDto, type TeamInvitationDto, type TeamMemberDto } from '@touchline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';

const admin = makeUser({ id: 'u-admin', username: 'Morgan', email: 'morgan@club.example', plan: 'Elite', eliteRole: 'Elite Admin' });

const team: TeamDto = { id: 't1', name: 'Riverside FC', seats: 3, seatsUsed: 3, role: 'Elite Admin', createdAt: '2026-01-01T00:00:00.000Z' };

const members: TeamMemberDto[] = [
  { userId: 'u-admin', username: 'Morgan', email: 'morgan@club.example', role: 'Elite Admin', joinedAt: '2026-01-01T10:00:00.000Z', sessions: 0, latest: null },
  {
    userId: 'u-sam',
    username: 'Sam',
    email: 'sam@club.example',
    role: 'Elite Coach',
    joinedAt: '2026-02-03T10:00:00.000Z',
    sessions: 4,
    latest: { sessionId: 's9', date: '2026-03-01T10:00:00.000Z', scores: { technical: 72, tactical: null, communication: 55, management: 40, engagement: 90 } },
  },
];

const invitation: TeamInvitationDto = {
  id: 'i1',
  email: 'jo@club.example',
  role: 'Elite Coach',
  state: 'pending',
  invitedBy: 'Morgan',
  sentAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** The team routes as the API answers them; `override` answers a request first (a refusal, a slow answer). */
function serveTeam(override: (request: FakeRequest) => unknown = () => undefined) {
  return fakeApi((request) => {
    const answer = override(request);
    if (answer !== undefined) return answer;
    if (request.method === 'GET' && request.path === '/api/team') return team;
    if (request.method === 'GET' && request.path === '/api/team/members') return members;
    if (request.method === 'GET' && request.path === '/api/team/invitations') return [invitation];
    if (request.method === 'GET' && request.path === '/api/team/squad') return { names: ['Kwame'], editable: true };
    if (request.method === 'POST' && request.path === '/api/team/invitations')
      return { ...invitation, id: 'i2', email: (request.body as { email: string }).email, expiresAt: '2026-03-15T10:00:00.000Z' };
    if (request.method === 'POST' && request.path === '/api/team/invitations/i1/resend') return invitation;
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    if (request.method === 'PUT') return { ...members[1], role: 'Elite Admin' };
    return undefined;
  });
}

const refusal = (status: number, message: string) => Response.json({ statusCode: status, message }, { status });

beforeAll(() => import('./management'), 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Coach Management', () => {
  it('shows a spinner while the team loads', async () => {
    fakeApi(() => new Promise(() => undefined) as never);
    renderApp('/dashboard/management', admin);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
  });

  it('lists the members with role, joined date, sessions and latest scores, and the pending invitations', async () => {
    serveTeam();
    renderApp('/dashboard/management', admin);
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Morgan(you)');
    expect(rows[0]).toHaveTextContent('No analysed session yet');
    expect(within(rows[1]!).getByLabelText('Role of Sam')).toHaveValue('Elite Coach');
    expect(rows[1]).toHaveTextContent('4');
    const scores = within(rows[1]!).getByLabelText('Latest scores of Sam');
    expect(scores).toHaveTextContent('Technical72');
    expect(scores).toHaveTextContent('TacticalNot scored: The analysis gave this session no score in this category');
    expect(screen.getByTestId('seats')).toHaveTextContent('3 of 3 seats used');
    expect(screen.getByTestId('invitation-row')).toHaveTextContent('jo@club.example');
    expect(screen.getByTestId('invitation-row')).toHaveTextContent('Elite Coach');
  });

  it('says when there are no pending invitations', async () => {
    serveTeam((r) => (r.path === '/api/team/invitations' ? [] : undefined));
    renderApp('/dashboard/management', admin);
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('shows the server’s message when the team cannot be loaded', async () => {
    serveTeam((r) => (r.path === '/api/team' ? refusal(404, TEAM_MESSAGES.notFound) : undefined));
    renderApp('/dashboard/management', admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.notFound);
  });

  it('invites a coach by email with a role and says until when the link works', async () => {
    const requests = serveTeam((r) => (r.path === '/api/team' && r.method === 'GET' ? { ...team, seatsUsed: 2 } : undefined));
    renderApp('/dashboard/management', admin);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' alex@club.example ');
    await user.selectOptions(screen.getByLabelText('Role'), 'Elite Admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/Invitation sent to alex@club\.example\. Its link works until/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'alex@club.example', role: 'Elite Admin' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('checks the address before sending and sends nothing for a bad one', async () => {
    const requests = serveTeam((r) => (r.path === '/api/team' && r.method === 'GET' ? { ...team, seatsUsed: 2 } : undefined));
    renderApp('/dashboard/management', admin);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal of an invitation', async () => {
    serveTeam((r) => {
      if (r.path === '/api/team' && r.method === 'GET') return { ...team, seatsUsed: 2 };
      return r.method === 'POST' ? refusal(409, TEAM_MESSAGES.seatsFull(3)) : undefined;
    });
    renderApp('/dashboard/management', admin);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'alex@club.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.seatsFull(3));
  });

  it('offers no invitation while every seat is taken', async () => {
    serveTeam();
    renderApp('/dashboard/management', admin);
    expect(await screen.findByRole('button', { name: 'Send invitation' })).toBeDisabled();
    expect(screen.getByTestId('seats')).toHaveTextContent('Remove a coach or revoke an invitation');
  });

  it('resends an invitation and says the earlier link no longer works', async () => {
    const requests = serveTeam();
    renderApp('/dashboard/management', admin);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend the invitation to jo@club.example' }));
    expect(await screen.findByText(/A new invitation was sent to jo@club\.example/)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/team/invitations/i1/resend')).toBe(true);
  });

  it('revokes an invitation after confirming, and refreshes the list', async () => {
    let revoked = false;
    const requests = serveTeam((r) => {
      if (r.method === 'DELETE') revoked = true;
      return r.path === '/api/team/invitations' && r.method === 'GET' && revoked ? [] : undefined;
    });
    renderApp('/dashboard/management', admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to jo@club.example' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The link sent to jo@club.example stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/team/invitations/i1']);
  });

  it('changes a member’s role', async () => {
    const requests = serveTeam();
    renderApp('/dashboard/management', admin);
    await userEvent.setup().selectOptions(await screen.findByLabelText('Role of Sam'), 'Elite Admin');
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/team/members/u-sam/role', body: { role: 'Elite Admin' } }),
    );
  });

  it('shows why the last admin cannot step down, and asks before', async () => {
    const requests = serveTeam((r) => (r.method === 'PUT' ? refusal(409, TEAM_MESSAGES.lastAdmin) : undefined));
    renderApp('/dashboard/management', admin);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of Morgan'), 'Elite Coach');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Step down as Elite Admin?');
    await user.click(within(dialog).getByRole('button', { name: 'Become Elite Coach' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.lastAdmin);
    expect(requests.find((r) => r.method === 'PUT')?.path).toBe('/api/team/members/u-admin/role');
  });

  it('removes a coach after a confirmation that says they keep their account and sessions', async () => {
    let removed = false;
    const requests = serveTeam((r) => {
      if (r.method === 'DELETE') removed = true;
      return r.path === '/api/team/members' && r.method === 'GET' && removed ? members.slice(0, 1) : undefined;
    });
    renderApp('/dashboard/management', admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Sam' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove Sam from the team?');
    expect(dialog).toHaveTextContent('Sam keeps their account and their own sessions');
    await user.click(within(dialog).getByRole('button', { name: 'Remove coach' }));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(1));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/team/members/u-sam']);
  });

  it('is closed to an Elite Coach', async () => {
    serveTeam();
    const { router } = renderApp('/dashboard/management', makeUser({ plan: 'Elite', eliteRole: 'Elite Coach' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
  it("keeps the team's squad: the admin edits the names every member's analyses listen for", async () => {
    const requests = serveTeam((request) =>
      request.method === 'PUT' && request.path === '/api/team/squad' ? { names: (request.body as { names: string[] }).names, editable: true } : undefined,
    );
    renderApp('/dashboard/management', admin);
    const section = await screen.findByRole('region', { name: 'Team squad' });
    const box = within(section).getByRole('textbox', { name: 'Player first names' });
    await waitFor(() => expect(box).toHaveValue('Kwame'));
    await userEvent.type(box, '\nAna');
    await userEvent.click(within(section).getByRole('button', { name: 'Save squad' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Squad saved: 2 players.');
    expect(requests.filter((r) => r.method === 'PUT' && r.path === '/api/team/squad').map((r) => r.body)).toEqual([{ names: ['Kwame', 'Ana'] }]);
  });
});
