import { PASSWORD_MIN_LENGTH, backendFailure, IDENTITY_ERROR_MESSAGES } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { FormAlert } from '@/components/ui/form-alert';
import { Button } from '@/components/ui/button';
import { confirmPasswordReset, requestPasswordReset } from '../api/auth-api';
import { authErrorMessage } from '../auth-messages';

const inputClass = 'mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600';

/** /reset-password: ask for a code by email, then set a new password with it. */
export default function ResetPasswordScreen() {
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    event.preventDefault();
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
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(IDENTITY_ERROR_MESSAGES['weak-password']);
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
          <form onSubmit={request} className="space-y-4">
            <p className="text-sm text-slate-600">Enter your account's email address and we will send you a 6-digit code.</p>
            <label className="block text-sm font-medium text-slate-800">
              Email
              <input className={inputClass} name="email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <Button type="submit" disabled={busy}>
              Send code
            </Button>
          </form>
        )}
        {step === 'confirm' && (
          <form onSubmit={confirm} className="space-y-4">
            <label className="block text-sm font-medium text-slate-800">
              Code from the email
              <input className={inputClass} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value)} />
            </label>
            <label className="block text-sm font-medium text-slate-800">
              New password
              <input className={inputClass} name="newPassword" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              <span className="mt-1 block text-xs font-normal text-slate-500">At least {PASSWORD_MIN_LENGTH} characters.</span>
            </label>
            <Button type="submit" disabled={busy}>
              Set new password
            </Button>
            <button type="button" className="block text-sm text-slate-600 underline" onClick={() => { setStep('request'); setNotice(null); }}>
              Send a new code
            </button>
          </form>
        )}
        {step === 'done' && (
          <Link to="/login" className="inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
            Log in
          </Link>
        )}
      </div>
    </Page>
  );
}
