import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { readApiError } from '@/lib/api-client';
import { clock, formatNumericDate, parseClock } from '@/lib/format';
import { usePostReviewComment, useExternalReview, useReviewComments, useReviewMedia, type ReviewAddress } from '../api/external-review-api';
import { ReviewCommentThread } from '../components/review-comment-thread';
import { ReviewReport } from '@/components/report/review-report';
import { useKeepPlace } from '@/lib/use-keep-place';
import { useSeekablePlayer } from '@/lib/use-seekable-player';

/** The reviewer's name is asked once and kept in this browser. */
const NAME_KEY = 'reviewerName';

function PasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  return (
    <form
      noValidate
      className="max-w-sm space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(password);
      }}
    >
      <p className="text-slate-700">{REVIEW_MESSAGES.passwordRequired}</p>
      <TextField
        label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={wrong ? REVIEW_MESSAGES.wrongPassword : null}
      />
      <Button type="submit">Open the review</Button>
    </form>
  );
}

function Unavailable() {
  return (
    <Page title="Review unavailable">
      <p className="max-w-xl text-lg text-slate-700" role="alert">
        {REVIEW_MESSAGES.unavailable}
      </p>
      <p className="mt-2 text-slate-600">Ask the coach who sent it for a new link.</p>
    </Page>
  );
}

/** `/external-review/:sessionId/:token`: a session's report for an outside reviewer, who pins comments to moments. */
export default function ExternalReviewScreen() {
  const { sessionId = '', token = '' } = useParams();
  const [password, setPassword] = useState('');
  const address: ReviewAddress = { sessionId, token, password };
  const review = useExternalReview(address);
  const open = !!review.data;
  const media = useReviewMedia(address, open && !!review.data?.review.showMedia);
  const comments = useReviewComments(address, open);
  const post = usePostReviewComment(address);
  const { player, seek } = useSeekablePlayer();
  useKeepPlace(player, media.data?.url);
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [nameDraft, setNameDraft] = useState(name);
  const [at, setAt] = useState('0:00');
  const [until, setUntil] = useState('');
  const [body, setBody] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const error = readApiError(review.error);
  if (review.isPending)
    return (
      <Page title="External review">
        <Spinner />
      </Page>
    );
  if (error?.status === 401) {
    return (
      <Page title="External review">
        <PasswordForm wrong={!!password} onSubmit={setPassword} />
      </Page>
    );
  }
  if (error?.status === 404) return <Unavailable />;
  if (!review.data)
    return (
      <Page title="External review">
        <FormAlert>{error?.message ?? 'The review could not be loaded. Please try again later.'}</FormAlert>
      </Page>
    );

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = nameDraft.trim();
    if (!trimmed || trimmed.length > REVIEW_LIMITS.authorNameMaxLength) return setFormError(REVIEW_MESSAGES.authorName);
    localStorage.setItem(NAME_KEY, trimmed);
    setName(trimmed);
    setFormError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startSeconds = parseClock(at);
    const endSeconds = until.trim() ? parseClock(until) : undefined;
    if (startSeconds === null || endSeconds === null || (endSeconds !== undefined && endSeconds <= startSeconds))
      return setFormError(REVIEW_MESSAGES.commentTime);
    if (!body.trim() || body.length > REVIEW_LIMITS.commentMaxLength) return setFormError(REVIEW_MESSAGES.commentBody);
    setFormError(null);
    post.mutate({ authorName: name, body: body.trim(), startSeconds, ...(endSeconds !== undefined ? { endSeconds } : {}) }, { onSuccess: () => setBody('') });
  };
  const reply = (parentId: string, text: string) => post.mutateAsync({ authorName: name, body: text, startSeconds: 0, parentId });

  const { session } = review.data;
  return (
    <Page title={session.title} lead={`Shared with ${review.data.review.label} for review until ${formatNumericDate(review.data.review.expiresAt)}.`}>
      <div className="space-y-10">
        <ReviewReport
          ref={player}
          review={review.data}
          mediaUrl={media.data?.url ?? null}
          comments={comments.data ?? []}
          onSeek={seek}
          onPick={(s) => setAt(clock(s))}
        />
        <section aria-labelledby="comments" className="space-y-4">
          <h2 id="comments" className="text-xl font-semibold text-slate-900">
            Comments
          </h2>
          {!name ? (
            <form noValidate onSubmit={saveName} className="flex max-w-md items-end gap-2">
              <TextField
                className="flex-1"
                label="Your name"
                value={nameDraft}
                onChange={(e) => setNameDraft(e.target.value)}
                maxLength={REVIEW_LIMITS.authorNameMaxLength}
                error={formError}
              />
              <Button type="submit">Start commenting</Button>
            </form>
          ) : (
            <form
              noValidate
              onSubmit={submit}
              className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[8rem_8rem_1fr]"
              aria-label="New comment"
            >
              <TextField label="At" value={at} onChange={(e) => setAt(e.target.value)} hint="m:ss" />
              <TextField label="Until (optional)" value={until} onChange={(e) => setUntil(e.target.value)} />
              <div>
                <label htmlFor="comment-body" className="block text-sm font-medium text-slate-800">
                  Comment
                </label>
                <textarea
                  id="comment-body"
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  maxLength={REVIEW_LIMITS.commentMaxLength}
                  rows={3}
                  className="mt-1 block w-full rounded-md border border-slate-300 p-2 text-sm"
                />
              </div>
              <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
                <Button type="submit" disabled={post.isPending}>
                  Add comment
                </Button>
                {player.current && (
                  <Button type="button" variant="outline" onClick={() => setAt(clock(player.current?.currentTime ?? 0))}>
                    Use the player's time
                  </Button>
                )}
                <span className="text-sm text-slate-600">
                  Commenting as {name}.{' '}
                  <button type="button" className="underline" onClick={() => setName('')}>
                    Change
                  </button>
                </span>
              </div>
              <div className="sm:col-span-3">
                <FormAlert>
                  {formError ?? (post.isError && (readApiError(post.error)?.message ?? 'The comment could not be sent. Please try again.'))}
                </FormAlert>
              </div>
            </form>
          )}
          <ReviewCommentThread comments={comments.data ?? []} onSeek={seek} onReply={name ? reply : undefined} />
        </section>
      </div>
    </Page>
  );
}
