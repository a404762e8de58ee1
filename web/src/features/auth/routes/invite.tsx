import { INVITATION_TOKEN_PATTERN, INVITE_PAGE, TEAM_MESSAGES, type PublicInvitationDto, type UserDto } from '@touchline/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { UsernameField } from '@/components/ui/account-fields';
import { TextField } from '@/components/ui/text-field';
import { STORAGE_KEYS } from '@/config/constants';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { checkUsername, focusFirstProblem, validate } from '@/lib/form-validation';
import { useAcceptInvitation, useInvitation } from '../api/invite-api';
import { logout, startLogin, startSignup } from '../auth-actions';
import { authErrorMessage } from '../auth-messages';
import { useAuthStore } from '../stores/auth-store';

const TOKEN = new RegExp(INVITATION_TOKEN_PATTERN);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whatever the visitor does next at the provider (sign in, sign up, switch account), they come back here. */
const comeBackHere = (token: string) =>
  sessionStorage.setItem(STORAGE_KEYS.redirectAfterLogin, `${INVITE_PAGE.path}?${INVITE_PAGE.tokenParam}=${encodeURIComponent(token)}`);

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="invite-notice">
      {children}
    </div>
  );
}

/** An invitation that can no longer be used: say which way, and who can send a new one. */
function ClosedInvitation({ invitation }: { invitation: PublicInvitationDto }) {
  const message =
    invitation.state === 'expired'
      ? TEAM_MESSAGES.invitationExpired
      : invitation.state === 'revoked'
        ? TEAM_MESSAGES.invitationRevoked
        : TEAM_MESSAGES.invitationUsed;
  return (
    <Notice>
      <p role="alert" className="text-slate-900">
        {message}
      </p>
      <p className="text-sm text-slate-600">
        Ask your admin to resend it: {invitation.inviterName} of {invitation.teamName}.
      </p>
      {invitation.state === 'accepted' && (
        <Link to={paths.overview} className={buttonVariants({ variant: 'outline' })}>
          Go to your dashboard
        </Link>
      )}
    </Notice>
  );
}

/** Not signed in: sign in with the invited address, or sign up with it; either way the page comes back here to accept. */
function SignInOrSignUp({ token, email }: { token: string; email: string }) {
  const isLoading = useAuthStore((s) => s.isLoading);
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const found = validate({ username: [checkUsername, username] });
    setProblem(found.username);
    if (focusFirstProblem(event.currentTarget, found)) return;
    setBusy(true);
    comeBackHere(token);
    try {
      // The plan becomes Elite on accepting; until then the new account starts like any other.
      await startSignup({ username: username.trim(), email, plan: 'Free Trial' });
    } catch (e) {
      setError(authErrorMessage(e, (status) => `Registration failed: ${status}`, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid max-w-3xl gap-6 md:grid-cols-2">
      <section aria-labelledby="have-account" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="have-account" className="text-lg font-semibold text-slate-900">
          I already have an account
        </h2>
        <p className="text-sm text-slate-600">Sign in as {email}. You keep your account and your sessions, and join the team with them.</p>
        <Button
          disabled={busy || isLoading}
          onClick={() => {
            comeBackHere(token);
            startLogin(email).catch((e: unknown) => setError(authErrorMessage(e, (s) => `${s}`, 'Login failed')));
          }}
        >
          Sign in as {email}
        </Button>
      </section>
      <form onSubmit={signUp} noValidate aria-labelledby="new-account" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" aria-busy={busy}>
        <h2 id="new-account" className="text-lg font-semibold text-slate-900">
          I am new to Touchline
        </h2>
        <TextField label="Email" name="email" type="email" value={email} readOnly hint="The invitation is for this address." />
        <UsernameField value={username} error={problem} onChange={(e) => setUsername(e.target.value)} />
        <Button type="submit" disabled={busy || isLoading}>
          Sign up and join
        </Button>
        <p className="text-xs text-slate-600">You choose your password on the next page, and we email you a link to confirm your address.</p>
      </form>
      <div className="md:col-span-2">
        <FormAlert>{error}</FormAlert>
      </div>
    </div>
  );
}

type Acceptance = ReturnType<typeof useAcceptInvitation>;

/** Signed in with the invited address: join with this account. */
function Accept({ accept, invitation, user }: { accept: Acceptance; invitation: PublicInvitationDto; user: UserDto }) {
  return (
    <Notice>
      <p className="text-slate-700">
        You are signed in as <strong>{user.email}</strong>. Your account, your sessions and their history come with you; your team’s admins will see your
        sessions in Team Sessions.
      </p>
      <FormAlert>{accept.isError && (readApiError(accept.error)?.message ?? 'The invitation could not be accepted. Please try again.')}</FormAlert>
      <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
        Accept and join {invitation.teamName}
      </Button>
    </Notice>
  );
}

/** Signed in with another address: show both and offer to switch account, coming back here afterwards. */
function WrongAccount({ token, invited, user }: { token: string; invited: string; user: UserDto }) {
  return (
    <Notice>
      <p role="alert" className="text-slate-900">
        {TEAM_MESSAGES.wrongAccount(invited, user.email)}
      </p>
      <Button
        onClick={() => {
          comeBackHere(token);
          void logout();
        }}
      >
        Sign out and switch account
      </Button>
      <p className="text-sm text-slate-600">After signing out, choose Login and sign in or sign up with {invited}: you come back to this invitation.</p>
    </Notice>
  );
}

/** `/invite?token=…`: every case of an Elite team invitation on one page. */
export default function InviteScreen() {
  const [params] = useSearchParams();
  const token = params.get(INVITE_PAGE.tokenParam) ?? '';
  const wellFormed = TOKEN.test(token);
  const invitation = useInvitation(token, wellFormed);
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.isLoading);
  const data = invitation.data;
  const failure = invitation.isError ? readApiError(invitation.error) : null;
  // Kept here, above the cases: once accepted, the invitation reads as used wherever it is fetched again.
  const accept = useAcceptInvitation(token);

  let content: ReactNode;
  if (accept.isSuccess) {
    content = (
      <Notice>
        <p role="status" className="text-lg font-medium text-slate-900">
          {TEAM_MESSAGES.accepted(accept.data.name)}
        </p>
        <Link to={paths.overview} className={buttonVariants()}>
          Go to your dashboard
        </Link>
      </Notice>
    );
  } else if (!wellFormed || failure?.status === 404) {
    content = (
      <Notice>
        <p role="alert" className="text-slate-900">
          {TEAM_MESSAGES.invitationUnknown}
        </p>
      </Notice>
    );
  } else if (invitation.isError) {
    content = <FormAlert>{failure?.message ?? 'The invitation could not be loaded. Please try again.'}</FormAlert>;
  } else if (!data || (authLoading && !user)) {
    content = <Spinner />;
  } else if (data.state !== 'pending' || !data.email) {
    content = <ClosedInvitation invitation={data} />;
  } else if (!user) {
    content = <SignInOrSignUp token={token} email={data.email} />;
  } else if (!sameEmail(user.email, data.email)) {
    content = <WrongAccount token={token} invited={data.email} user={user} />;
  } else {
    content = <Accept accept={accept} invitation={data} user={user} />;
  }

  return (
    <Page
      title={data ? `Join ${data.teamName}` : 'Team invitation'}
      lead={
        data?.state === 'pending' && data.email ? (
          <>
            {data.inviterName} invited <strong>{data.email}</strong> to join {data.teamName} as {data.role} on Touchline. The invitation is open until{' '}
            {formatDateTime(data.expiresAt)}.
          </>
        ) : undefined
      }
    >
      {content}
    </Page>
  );
}
