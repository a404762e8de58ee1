import { formatBytes, type CoachingSessionDto } from '@touchline/shared';
import { FileAudio, FileVideo, Trash2, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { SessionFilterBar, SessionList } from '@/components/sessions/session-list';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { paths, sessionReport } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeleteSession, useSessionPage } from '../api/sessions-api';
import { hasFilters, readSessionFilters, sessionQueryString } from '@/lib/session-filters';
import { useUrlFilters } from '@/lib/use-url-filters';
import { statusOf, TRANSCRIBER_INSTALLING } from '@/lib/session-status';

export default function SessionsScreen() {
  const { filters, searchText, setSearchText, update, chooseFilter, clear } = useUrlFilters(readSessionFilters, sessionQueryString);
  const sessions = useSessionPage(filters);
  const remove = useDeleteSession();
  const [toDelete, setToDelete] = useState<CoachingSessionDto | null>(null);

  return (
    <Page title="Sessions" lead="Every coaching session you have uploaded, newest first.">
      <div className="mb-6">
        <Link to={paths.upload} className={buttonVariants()}>
          <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
        </Link>
      </div>
      <SessionFilterBar label="Filter sessions" searchText={searchText} onSearchText={setSearchText} filters={filters} onChoose={chooseFilter} />
      <SessionList
        sessions={sessions}
        page={filters.page}
        filtered={hasFilters(filters)}
        loadError="Your sessions could not be loaded. Please try again."
        empty={
          <>
            <p>No sessions yet. Upload the recording of a training session to get its analysis.</p>
            <Link to={paths.upload} className="mt-2 inline-block font-medium text-brand-700 underline">
              Upload a session
            </Link>
          </>
        }
        listLabel="Your sessions"
        onPage={(page, replace) => update({ page }, replace)}
        onClear={clear}
        renderItem={(session) => {
          const status = statusOf(session);
          return (
            <li key={session.id} className="flex items-center gap-4 p-4" data-testid="session-row">
              {session.mediaType === 'audio' ? (
                <FileAudio className="h-6 w-6 shrink-0 text-slate-400" aria-label="Audio" />
              ) : (
                <FileVideo className="h-6 w-6 shrink-0 text-slate-400" aria-label="Video" />
              )}
              <div className="min-w-0 flex-1">
                <Link to={sessionReport(session.id)} className="block truncate font-medium text-slate-900 hover:underline">
                  {session.title}
                </Link>
                <p className="truncate text-sm text-slate-500">
                  {session.originalFileName} · {formatBytes(session.sizeBytes)} · {formatDateTime(session.createdAt)}
                </p>
                {session.processingStatus === 'failed' && session.failureReason && <p className="text-sm text-red-700">{session.failureReason}</p>}
                {session.processingStatus === 'processing' && session.waitingFor === 'transcriber' && (
                  <p className="text-sm text-slate-600">{TRANSCRIBER_INSTALLING}</p>
                )}
              </div>
              <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
              <Button variant="ghost" size="icon" aria-label={`Delete ${session.title}`} disabled={remove.isPending} onClick={() => setToDelete(session)}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          );
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this session?"
        description={`“${toDelete?.title ?? ''}” and its recording will be deleted. This cannot be undone.`}
        confirmLabel="Delete session"
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onError: (e) => toast({ title: 'The session was not deleted', description: readApiError(e)?.message ?? String(e), variant: 'destructive' }),
          });
        }}
      />
    </Page>
  );
}
