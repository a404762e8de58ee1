import { SIGNUP_PLANS, backendFailure, DEFAULT_MESSAGES, isPlan, type SignupPlan } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { EmailField, UsernameField } from '@/components/ui/account-fields';
import { inputClass } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { checkEmail, checkUsername, focusFirstProblem, validate } from '@/lib/form-validation';
import { offersVerificationResend } from '@/lib/identity/create-identity-client';
import { resendVerification } from '../api/auth-api';
import { DEFAULT_AFTER_LOGIN, startSignup } from '../auth-actions';
import { authErrorMessage } from '../auth-messages';
import { readPendingRegistration } from '../pending-registration';
import { useAuthStore } from '../stores/auth-store';

/** /signup: username, email and plan here; the password and email verification on the provider's pages. */
export default function SignupScreen() {
  const [params] = useSearchParams();
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const pending = readPendingRegistration();
  const requested = params.get('plan');
  const [plan, setPlan] = useState<SignupPlan>(
    isPlan(requested) && (SIGNUP_PLANS as readonly string[]).includes(requested) ? (requested as SignupPlan) : (pending?.plan ?? 'Free Trial'),
  );
  const [username, setUsername] = useState(pending?.username ?? '');
  const [email, setEmail] = useState(pending?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ username?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (user) return <Navigate to={DEFAULT_AFTER_LOGIN} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const found = validate({ username: [checkUsername, username], email: [checkEmail, email] });
    setProblems(found);
    if (focusFirstProblem(event.currentTarget as HTMLFormElement, found)) return;
    setBusy(true);
    try {
      await startSignup({ username: username.trim(), email: email.trim(), plan });
    } catch (e) {
      setError(authErrorMessage(e, backendFailure.registration, DEFAULT_MESSAGES.registration));
    } finally {
      setBusy(false);
    }
  }

  /** For a sign-up whose verification email never arrived (e.g. the mail server was down): the same answer for any address. */
  async function resend() {
    setError(null);
    setNotice(null);
    const found = validate({ email: [checkEmail, email] });
    setProblems(found);
    if (found.email) return;
    setBusy(true);
    try {
      setNotice((await resendVerification(email.trim())).message);
    } catch (e) {
      setError(authErrorMessage(e, (status) => `Resending the verification email failed: ${status}`, 'Resending the verification email failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Sign up" lead="Create your Touchline account. You choose your password on the next page, and we email you a link to confirm your address.">
      <form onSubmit={submit} className="max-w-md space-y-4" aria-busy={busy || isLoading} noValidate>
        <FormAlert>{error}</FormAlert>
        {notice && (
          <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
            {notice}
          </p>
        )}
        <UsernameField value={username} error={problems.username} onChange={(e) => setUsername(e.target.value)} />
        <EmailField value={email} error={problems.email} onChange={(e) => setEmail(e.target.value)} />
        <label className="block text-sm font-medium text-slate-800">
          Plan
          <select className={inputClass} name="plan" value={plan} onChange={(e) => setPlan(e.target.value as SignupPlan)}>
            {SIGNUP_PLANS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={busy || isLoading}>
          Continue
        </Button>
        {offersVerificationResend() && (
          <p className="text-sm text-slate-600">
            Signed up but no verification email?{' '}
            <Button type="button" variant="outline" size="sm" onClick={() => void resend()} disabled={busy || isLoading}>
              Resend verification email
            </Button>
          </p>
        )}
        <p className="text-sm text-slate-600">
          Already have an account?{' '}
          <Link to={paths.login} className="text-brand-700 underline">
            Log in
          </Link>
        </p>
      </form>
    </Page>
  );
}
