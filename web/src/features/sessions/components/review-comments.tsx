import type { ReviewCommentDto } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { clock } from '@/lib/format';
import { useResolveReviewComment, useReviewComments } from '../api/review-links-api';

const span = (c: ReviewCommentDto) => (c.endSeconds === null ? clock(c.startSeconds) : `${clock(c.startSeconds)}–${clock(c.endSeconds)}`);

/** Reviewers' comments on the report, in the order of the recording: a click on the time plays that moment. */
export function ReviewComments({ sessionId, onSeek }: { sessionId: string; onSeek: (seconds: number) => void }) {
  const comments = useReviewComments(sessionId);
  const resolve = useResolveReviewComment(sessionId);
  const all = comments.data ?? [];
  const threads = all.filter((c) => c.parentId === null);
  const replies = (id: string) => all.filter((c) => c.parentId === id);

  return (
    <section aria-labelledby="review-comments" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-comments" className="text-xl font-semibold text-slate-900">
          Review comments
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={() => void comments.refetch()}>
          Check for new comments
        </Button>
      </div>
      {threads.length === 0 ? (
        <p className="text-sm text-slate-600">No comments yet. Reviewers you share a link with can pin comments to moments of the recording.</p>
      ) : (
        <ol aria-label="Comments" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {threads.map((thread) => (
            <li key={thread.id} className={`space-y-2 p-3 ${thread.resolvedAt ? 'opacity-70' : ''}`} data-testid="review-comment">
              <div className="flex flex-wrap items-start gap-3">
                <button
                  type="button"
                  onClick={() => onSeek(thread.startSeconds)}
                  aria-label={`Play from ${clock(thread.startSeconds)}`}
                  className="rounded font-mono text-sm text-brand-700 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {span(thread)}
                </button>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-500">
                    {thread.authorName} · via {thread.linkLabel} {thread.resolvedAt && '· resolved'}
                  </p>
                  {/* Text, never markup: React escapes it. */}
                  <p className="whitespace-pre-wrap text-slate-900">{thread.body}</p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={resolve.isPending}
                  onClick={() => resolve.mutate({ commentId: thread.id, resolved: !thread.resolvedAt })}
                >
                  {thread.resolvedAt ? 'Reopen' : 'Resolve'}
                </Button>
              </div>
              {replies(thread.id).map((reply) => (
                <div key={reply.id} className="ml-12 border-l-2 border-slate-200 pl-3">
                  <p className="text-sm text-slate-500">{reply.authorName} replied</p>
                  <p className="whitespace-pre-wrap text-slate-900">{reply.body}</p>
                </div>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
