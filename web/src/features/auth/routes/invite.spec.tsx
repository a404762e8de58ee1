import { TEAM_MESSAGES, type PublicInvitationDto, type TeamDto } from '@touchline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setIdentityClient } from '@/lib/identity/create-identity-client';
import type { IdentityClient } from '@/lib/identity/identity-client';
import { fakeApi } from '@/test/fake-api';
import { makeUser, renderApp } from '@/test/render-app';
import { useAuthStore } from '../stores/auth-store';

const token = 'A'.repeat(40) + '_-9';
const page = `/invite?token=${token}`;

const pending: PublicInvitationDto = {
  state: 'pending',
  teamName: 'Riverside FC',
  inviterName: 'Morgan',
  email: 'jo@club.example',
  role: 'Elite Coach',
  expiresAt: '2026-03-08T10:00:00.000Z',
};
const team: TeamDto = { id: 't1', name: 'Riverside FC', seats: 10, seatsUsed: 2, role: 'Elite Coach', createdAt: '2026-01-01T00:00:00Z' };

/** The provider as the page drives it: it records where the visitor was sent. */
function fakeProvider() {
  const client = {
    init: vi.fn(async () => null),
    session: () => null,
    login: vi.fn(async () => undefined),
    register: vi.fn(async () => undefined),
    changePassword: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    accessToken: async () => null,
    callbackError: () => null,
    actionOutcome: () => null,
    onSessionChange: () => () => undefined,
  } satisfies IdentityClient;
  setIdentityClient(client);
  return client;
}

const serve = (invitation: PublicInvitationDto | Response, extra: (path: string, method: string) => unknown = () => undefined) =>
  fakeApi(({ path, method }) => extra(path, method) ?? (path === `/api/invitations/${token}` ? invitation : undefined));

beforeAll(() => import('./invite'), 30_000);

beforeEach(() => {
  useAuthStore.setState({ isLoading: false });
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setIdentityClient(null);
});

describe('the invitation page', { timeout: 15_000 }, () => {
  it('says a link without a valid token is not valid, asking nothing of the API', async () => {
    const requests = fakeApi(() => undefined);
    renderApp('/invite?token=short');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.invitationUnknown);
    expect(requests).toEqual([]);
  });

  it('says an unknown token is not valid', async () => {
    serve(Response.json({ statusCode: 404, message: TEAM_MESSAGES.invitationNotFound }, { status: 404 }));
    renderApp(page);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.invitationUnknown);
  });

  it('shows the server’s message when lookups are throttled', async () => {
    serve(Response.json({ statusCode: 429, message: TEAM_MESSAGES.tooManyLookups }, { status: 429 }));
    renderApp(page);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.tooManyLookups);
  });

  it.each([
    ['expired', TEAM_MESSAGES.invitationExpired],
    ['revoked', TEAM_MESSAGES.invitationRevoked],
    ['accepted', TEAM_MESSAGES.invitationUsed],
  ] as const)('says an invitation that is %s cannot be used, and who can resend it', async (state, message) => {
    serve({ ...pending, state, email: null, role: null });
    renderApp(page, makeUser({ email: 'jo@club.example' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Ask your admin to resend it: Morgan of Riverside FC.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('offers a visitor to sign in or sign up with the invited address, and comes back here afterwards', async () => {
    const provider = fakeProvider();
    serve(pending);
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Riverside FC' })).toBeInTheDocument();
    expect(screen.getByText(/Morgan invited/)).toHaveTextContent('Morgan invited jo@club.example to join Riverside FC as Elite Coach');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('jo@club.example');
    expect(email).toHaveAttribute('readonly');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'Jo Bloggs');
    await user.click(screen.getByRole('button', { name: 'Sign up and join' }));
    await waitFor(() =>
      expect(provider.register).toHaveBeenCalledWith({ loginHint: 'jo@club.example', profile: { username: 'Jo Bloggs', plan: 'Free Trial' } }),
    );
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(page);

    sessionStorage.clear();
    await user.click(screen.getByRole('button', { name: 'Sign in as jo@club.example' }));
    expect(provider.login).toHaveBeenCalledWith({ loginHint: 'jo@club.example' });
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(page);
  });

  it('asks a visitor for a username before signing up', async () => {
    const provider = fakeProvider();
    serve(pending);
    renderApp(page);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign up and join' }));
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(provider.register).not.toHaveBeenCalled();
  });

  it('shows both addresses to someone signed in as another, and switches account coming back here', async () => {
    const provider = fakeProvider();
    serve(pending);
    renderApp(page, makeUser({ email: 'alex@club.example' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.wrongAccount('jo@club.example', 'alex@club.example'));
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out and switch account' }));
    await waitFor(() => expect(provider.logout).toHaveBeenCalled());
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(page);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('lets the invited coach accept with their account, then refreshes the user onto Elite', async () => {
    const elite = makeUser({ email: 'JO@club.example', plan: 'Elite', eliteRole: 'Elite Coach' });
    const requests = serve(pending, (path, method) => {
      if (path === `/api/invitations/${token}/accept` && method === 'POST') return team;
      if (path === '/api/auth/check') return elite;
      return undefined;
    });
    renderApp(page, makeUser({ email: 'JO@club.example', plan: 'Coach' }));
    expect(await screen.findByText(/Your account, your sessions and their history come with you/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept and join Riverside FC' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEAM_MESSAGES.accepted('Riverside FC'));
    await waitFor(() => expect(useAuthStore.getState().user).toMatchObject({ plan: 'Elite', eliteRole: 'Elite Coach' }));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/api/invitations/${token}/accept`]);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard/overview');
  });

  it('shows why the API refused to accept', async () => {
    serve(pending, (path, method) => (method === 'POST' ? Response.json({ statusCode: 409, message: TEAM_MESSAGES.inOtherTeam }, { status: 409 }) : undefined));
    renderApp(page, makeUser({ email: 'jo@club.example' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept and join Riverside FC' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.inOtherTeam);
    expect(useAuthStore.getState().user?.plan).toBe('Free Trial');
  });
});
