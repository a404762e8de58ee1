import { PASSWORD_MIN_LENGTH, backendFailure } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { FormAlert } from '@/components/ui/form-alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmailField } from '@/components/ui/account-fields';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { checkEmail, checkNewPassword, checkResetCode, focusFirstProblem, validate } from '@/lib/form-validation';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api';
import { authErrorMessage } from '../auth-messages';

/** /reset-password: ask for a code by email, then set a new password with it. */
export default function ResetPasswordScreen() {
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ email?: string; code?: string; newPassword?: string }>({});
  const [busy, setBusy] = useState(false);

  /** Checks the fields first: a problem shows beside its field, gets focus, and nothing is sent. */
  function checked(event: FormEvent, found: typeof problems): boolean {
    event.preventDefault();
    setError(null);
    setProblems(found);
    return !focusFirstProblem(event.currentTarget as HTMLFormElement, found);
  }

  async function run(work: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const request = (event: FormEvent) => {
    if (!checked(event, validate({ email: [checkEmail, email] }))) return;
    return run(async () => {
      try {
        setNotice((await requestPasswordReset(email.trim())).message);
        setStep('confirm');
      } catch (e) {
        setError(authErrorMessage(e, backendFailure.resetRequest, 'Password reset request failed'));
      }
    });
  };

  const confirm = (event: FormEvent) => {
    if (!checked(event, validate({ code: [checkResetCode, code], newPassword: [checkNewPassword, password] }))) return;
    return run(async () => {
      try {
        setNotice((await confirmPasswordReset(email.trim(), code.trim(), password)).message);
        setStep('done');
      } catch (e) {
        setError(authErrorMessage(e, backendFailure.resetConfirm, 'Password reset confirmation failed'));
      }
    });
  };

  return (
    <Page title="Reset your password">
      <div className="max-w-md space-y-4">
        <FormAlert>{error}</FormAlert>
        {notice && (
          <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
            {notice}
          </p>
        )}
        {step === 'request' && (
          <form onSubmit={request} className="space-y-4" noValidate>
            <p className="text-sm text-slate-600">Enter your account's email address and we will send you a 6-digit code.</p>
            <EmailField value={email} error={problems.email} onChange={(e) => setEmail(e.target.value)} />
            <Button type="submit" disabled={busy}>
              Send code
            </Button>
          </form>
        )}
        {step === 'confirm' && (
          <form onSubmit={confirm} className="space-y-4" noValidate>
            <TextField
              label="Code from the email"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              error={problems.code}
              onChange={(e) => setCode(e.target.value)}
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={password}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={problems.newPassword}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" disabled={busy}>
              Set new password
            </Button>
            <button
              type="button"
              className="block text-sm text-slate-600 underline"
              onClick={() => {
                setStep('request');
                setNotice(null);
              }}
            >
              Send a new code
            </button>
          </form>
        )}
        {step === 'done' && (
          <Link to={paths.login} className={buttonVariants()}>
            Log in
          </Link>
        )}
      </div>
    </Page>
  );
}
