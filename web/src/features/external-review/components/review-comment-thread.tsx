import type { ReviewCommentDto } from '@touchline/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { clock } from '@/lib/format';

const span = (c: ReviewCommentDto) => (c.endSeconds === null ? clock(c.startSeconds) : `${clock(c.startSeconds)}–${clock(c.endSeconds)}`);

interface ThreadProps {
  comments: ReviewCommentDto[];
  onSeek: (seconds: number) => void;
  /** Absent on the read-only demo. */
  onReply?: (parentId: string, body: string) => Promise<unknown>;
}

/** The reviewer's comments in the order of the recording, with their replies. Text is rendered as text. */
export function ReviewCommentThread({ comments, onSeek, onReply }: ThreadProps) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [reply, setReply] = useState('');
  const threads = comments.filter((c) => c.parentId === null);
  if (threads.length === 0) return <p className="text-sm text-slate-600">No comments yet.</p>;
  return (
    <ol aria-label="Comments" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {threads.map((thread) => (
        <li key={thread.id} className="space-y-2 p-3" data-testid="comment">
          <div className="flex gap-3">
            <button
              type="button"
              onClick={() => onSeek(thread.startSeconds)}
              className="font-mono text-sm text-brand-700 hover:underline"
              aria-label={`Play from ${clock(thread.startSeconds)}`}
            >
              {span(thread)}
            </button>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-slate-500">
                {thread.authorName}
                {thread.resolvedAt && ' · resolved by the coach'}
              </p>
              <p className="whitespace-pre-wrap text-slate-900">{thread.body}</p>
            </div>
            {onReply && (
              <Button type="button" size="sm" variant="ghost" onClick={() => setReplyingTo(replyingTo === thread.id ? null : thread.id)}>
                Reply
              </Button>
            )}
          </div>
          {comments
            .filter((c) => c.parentId === thread.id)
            .map((r) => (
              <div key={r.id} className="ml-12 border-l-2 border-slate-200 pl-3">
                <p className="text-sm text-slate-500">{r.authorName} replied</p>
                <p className="whitespace-pre-wrap text-slate-900">{r.body}</p>
              </div>
            ))}
          {onReply && replyingTo === thread.id && (
            <form
              className="ml-12 flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (!reply.trim()) return;
                void onReply(thread.id, reply.trim()).then(() => {
                  setReply('');
                  setReplyingTo(null);
                });
              }}
            >
              <label className="sr-only" htmlFor={`reply-${thread.id}`}>
                Your reply
              </label>
              <input
                id={`reply-${thread.id}`}
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                maxLength={2000}
                className="h-9 flex-1 rounded-md border border-slate-300 px-2 text-sm"
              />
              <Button type="submit" size="sm">
                Send reply
              </Button>
            </form>
          )}
        </li>
      ))}
    </ol>
  );
}
