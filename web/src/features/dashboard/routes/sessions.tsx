import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBytes, type CoachingSessionDto } from '@touchline/shared';
import { FileAudio, FileVideo, Trash2, UploadCloud } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { apiRequest, readApiError } from '@/lib/api-client';

const SESSIONS_URL = '/api/sessions';

function statusOf(session: CoachingSessionDto): { label: string; tone: string } {
  if (!session.uploadedAt) return { label: 'Upload not finished', tone: 'bg-amber-100 text-amber-800' };
  switch (session.processingStatus) {
    case 'pending':
      return { label: 'Waiting for analysis', tone: 'bg-slate-100 text-slate-700' };
    case 'processing':
      return { label: `Analysing (${session.analysisProgress}%)`, tone: 'bg-sky-100 text-sky-800' };
    case 'completed':
      return { label: 'Analysed', tone: 'bg-emerald-100 text-emerald-800' };
    case 'failed':
      return { label: 'Analysis failed', tone: 'bg-red-100 text-red-800' };
  }
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function SessionsScreen() {
  const queryClient = useQueryClient();
  const sessions = useQuery<CoachingSessionDto[]>({ queryKey: [SESSIONS_URL] });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `${SESSIONS_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] }),
    onError: (e) => toast({ title: 'The session was not deleted', description: readApiError(e)?.message ?? String(e), variant: 'destructive' }),
  });

  return (
    <Page title="Sessions" lead="Every coaching session you have uploaded, newest first.">
      <div className="mb-6">
        <Link to={paths.upload} className={buttonVariants()}>
          <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
        </Link>
      </div>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <FormAlert>{readApiError(sessions.error)?.message ?? 'Your sessions could not be loaded. Please try again.'}</FormAlert>}
      {sessions.data?.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No sessions yet. Upload the recording of a training session to get its analysis.
        </p>
      )}
      {sessions.data && sessions.data.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Your sessions">
          {sessions.data.map((session) => {
            const status = statusOf(session);
            return (
              <li key={session.id} className="flex items-center gap-4 p-4" data-testid="session-row">
                {session.mediaType === 'audio' ? <FileAudio className="h-6 w-6 shrink-0 text-slate-400" aria-label="Audio" /> : <FileVideo className="h-6 w-6 shrink-0 text-slate-400" aria-label="Video" />}
                <div className="min-w-0 flex-1">
                  <Link to={`/sessions/${session.id}`} className="block truncate font-medium text-slate-900 hover:underline">
                    {session.title}
                  </Link>
                  <p className="truncate text-sm text-slate-500">
                    {session.originalFileName} · {formatBytes(session.sizeBytes)} · {dateFormat.format(new Date(session.createdAt))}
                  </p>
                  {session.processingStatus === 'failed' && session.failureReason && <p className="text-sm text-red-700">{session.failureReason}</p>}
                </div>
                <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${session.title}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete “${session.title}” and its recording? This cannot be undone.`)) remove.mutate(session.id);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
