import { REVIEW_LIMITS, REVIEW_MESSAGES, type CreatedReviewLinkDto, type ReviewLinkDto } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { readApiError } from '@/lib/api-client';
import { formatNumericDate, formatNumericDateTime } from '@/lib/format';
import { useCreateReviewLink, useReviewLinks, useRevokeReviewLink } from '../api/review-links-api';

const when = (iso: string | null) => (iso ? formatNumericDateTime(iso) : 'never');

function linkState(link: ReviewLinkDto): string {
  if (link.revokedAt) return 'Revoked';
  if (Date.parse(link.expiresAt) <= Date.now()) return 'Expired';
  return `Open until ${formatNumericDate(link.expiresAt)}`;
}

const FLAGS = [
  ['showMedia', 'Recording'],
  ['showTranscript', 'Transcript'],
  ['showScores', 'Scores'],
  ['allowDownload', 'Download'],
] as const;

/** The coach's review links for one session: make one, copy its address, see its use, revoke it. */
export function ReviewSharing({ sessionId, canShare }: { sessionId: string; canShare: boolean }) {
  const links = useReviewLinks(sessionId);
  const create = useCreateReviewLink(sessionId);
  const revoke = useRevokeReviewLink(sessionId);
  const [label, setLabel] = useState('');
  const [password, setPassword] = useState('');
  const [days, setDays] = useState(String(REVIEW_LIMITS.defaultExpiryDays));
  const [flags, setFlags] = useState({ showMedia: true, showTranscript: true, showScores: true, allowDownload: false });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedReviewLinkDto | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = Number(days);
    if (!label.trim() || label.length > REVIEW_LIMITS.labelMaxLength) return setFieldError(REVIEW_MESSAGES.label);
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > REVIEW_LIMITS.maxExpiryDays) return setFieldError(REVIEW_MESSAGES.expiry);
    if (password && (password.length < REVIEW_LIMITS.passwordMinLength || password.length > REVIEW_LIMITS.passwordMaxLength))
      return setFieldError(REVIEW_MESSAGES.password);
    setFieldError(null);
    setCopied(false);
    create.mutate(
      { label: label.trim(), expiresInDays, ...(password ? { password } : {}), ...flags },
      {
        onSuccess: (result) => {
          setCreated(result);
          setLabel('');
          setPassword('');
        },
      },
    );
  };

  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <section aria-labelledby="review-links" className="space-y-4">
      <h2 id="review-links" className="text-xl font-semibold text-slate-900">
        Share for review
      </h2>
      {canShare ? (
        <form noValidate onSubmit={submit} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2" aria-label="New review link">
          <TextField
            label="Reviewer"
            hint="A label for the link, e.g. the reviewer's name"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={REVIEW_LIMITS.labelMaxLength}
          />
          <TextField
            label="Days the link works"
            type="number"
            min={1}
            max={REVIEW_LIMITS.maxExpiryDays}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <TextField label="Password (optional)" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">The reviewer sees</legend>
            {FLAGS.map(([flag, name]) => (
              <label key={flag} className="mr-4 inline-flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={flags[flag]} onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })} />
                {name}
              </label>
            ))}
          </fieldset>
          <div className="sm:col-span-2 space-y-2">
            <FormAlert>{fieldError ?? (create.isError && (readApiError(create.error)?.message ?? 'The link could not be made. Please try again.'))}</FormAlert>
            <Button type="submit" disabled={create.isPending}>
              Create review link
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600">{REVIEW_MESSAGES.planRequired}</p>
      )}
      {created && (
        <div className="space-y-2 rounded-xl border border-brand-200 bg-brand-50 p-4" role="status">
          <p className="text-sm text-slate-700">Send this address to {created.link.label}. It is shown only now: copy it before leaving the page.</p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label="Review link address"
              value={created.url}
              className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 font-mono text-xs"
              data-testid="review-link-url"
            />
            <Button type="button" variant="outline" onClick={() => void copy(created.url)}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      )}
      {links.data && links.data.length > 0 && (
        <ul aria-label="Review links" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="review-link">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {link.label}
                  {link.passwordProtected && <span className="ml-2 text-xs text-slate-500">password</span>}
                </p>
                <p className="text-slate-600">
                  {linkState(link)} · {link.views} {link.views === 1 ? 'view' : 'views'} · last used {when(link.lastUsedAt)} · shows{' '}
                  {FLAGS.filter(([flag]) => link[flag])
                    .map(([, name]) => name.toLowerCase())
                    .join(', ') || 'the figures only'}
                </p>
              </div>
              {!link.revokedAt && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => revoke.mutate(link.id)}
                  disabled={revoke.isPending}
                  aria-label={`Revoke the link for ${link.label}`}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
