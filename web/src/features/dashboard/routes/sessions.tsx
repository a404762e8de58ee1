import { formatBytes, MEDIA_TYPES, PROCESSING_STATUSES, SESSION_PAGE, type CoachingSessionDto } from '@touchline/shared';
import { FileAudio, FileVideo, Trash2, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths, sessionReport } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { capitalize, formatDateTime } from '@/lib/format';
import { useDeleteSession, useSessionPage } from '../api/sessions-api';
import { hasFilters, pageCount, readSessionFilters, sessionQueryString, type SessionFilters } from '@/lib/session-filters';
import { useClampPage, useUrlFilters } from '@/lib/use-url-filters';
import { statusOf, STATUS_LABELS, TRANSCRIBER_INSTALLING } from '@/lib/session-status';

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

export default function SessionsScreen() {
  const { filters, searchText, setSearchText, update, chooseFilter, clear } = useUrlFilters(readSessionFilters, sessionQueryString);
  const sessions = useSessionPage(filters);
  const remove = useDeleteSession();
  const [toDelete, setToDelete] = useState<CoachingSessionDto | null>(null);

  const data = sessions.data;
  const pages = data ? pageCount(data.total, data.pageSize || SESSION_PAGE.defaultSize) : 1;

  // A page past the end (the last session of the last page deleted, an old link) moves to the last page.
  useClampPage(filters.page, pages, !!data && !sessions.isPlaceholderData, (page) => update({ page }, true));

  return (
    <Page title="Sessions" lead="Every coaching session you have uploaded, newest first.">
      <div className="mb-6">
        <Link to={paths.upload} className={buttonVariants()}>
          <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
        </Link>
      </div>
      <div role="search" aria-label="Filter sessions" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Title or file name"
            className={`${selectClass} font-normal`}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Status
          <select
            value={filters.status ?? ''}
            onChange={(event) => chooseFilter({ status: (event.target.value || undefined) as SessionFilters['status'] })}
            className={selectClass}
          >
            <option value="">All statuses</option>
            {PROCESSING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Media type
          <select
            value={filters.mediaType ?? ''}
            onChange={(event) => chooseFilter({ mediaType: (event.target.value || undefined) as SessionFilters['mediaType'] })}
            className={selectClass}
          >
            <option value="">All media</option>
            {MEDIA_TYPES.map((mediaType) => (
              <option key={mediaType} value={mediaType}>
                {capitalize(mediaType)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {sessions.isPending && <Spinner />}
      {sessions.isError && <FormAlert>{readApiError(sessions.error)?.message ?? 'Your sessions could not be loaded. Please try again.'}</FormAlert>}
      {data && (
        <p className="mb-2 text-sm text-slate-600" role="status" data-testid="session-total">
          {data.total} {data.total === 1 ? 'session' : 'sessions'}
          {hasFilters(filters) ? ' match' : ''}
        </p>
      )}
      {data?.total === 0 &&
        (hasFilters(filters) ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            <p>No sessions match.</p>
            <Button variant="outline" className="mt-4" onClick={clear}>
              Clear filters
            </Button>
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            <p>No sessions yet. Upload the recording of a training session to get its analysis.</p>
            <Link to={paths.upload} className="mt-2 inline-block font-medium text-brand-700 underline">
              Upload a session
            </Link>
          </div>
        ))}
      {data && data.items.length > 0 && (
        <ul
          className={`divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white ${sessions.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Your sessions"
          aria-busy={sessions.isPlaceholderData}
        >
          {data.items.map((session) => {
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
          })}
        </ul>
      )}
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
      {data && data.total > 0 && (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
          <Button variant="outline" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
            Previous
          </Button>
          <span className="text-sm text-slate-600" data-testid="page-indicator">
            Page {Math.min(filters.page, pages)} of {pages}
          </span>
          <Button variant="outline" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
            Next
          </Button>
        </nav>
      )}
    </Page>
  );
}
