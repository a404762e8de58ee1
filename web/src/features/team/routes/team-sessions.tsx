import { MEDIA_TYPES, PROCESSING_STATUSES, SESSION_PAGE, SKILL_CATEGORIES, type TeamSessionDto } from '@touchline/shared';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { teamSessionReport } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { MISSING_REASONS, Score } from '@/components/ui/not-scored';
import { capitalize, formatDateTime } from '@/lib/format';
import { useMembers, useTeamSessionPage } from '../api/team-api';
import { hasFilters, pageCount } from '@/lib/session-filters';
import { statusOf, STATUS_LABELS } from '@/lib/session-status';
import { readTeamSessionFilters, teamSessionQueryString, type TeamSessionFilters } from '../team-session-filters';
import { useClampPage, useUrlFilters } from '@/lib/use-url-filters';

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

function SessionRow({ item }: { item: TeamSessionDto }) {
  const { session, coach, coachingStyle, scores } = item;
  const status = statusOf(session);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4" data-testid="team-session-row">
      <div className="min-w-0 flex-1">
        {session.processingStatus === 'completed' ? (
          <Link to={teamSessionReport(session.id)} className="block truncate font-medium text-slate-900 hover:underline">
            {session.title}
          </Link>
        ) : (
          <p className="truncate font-medium text-slate-900">{session.title}</p>
        )}
        <p className="truncate text-sm text-slate-500">
          {coach.username} · {capitalize(session.mediaType)} · {formatDateTime(session.createdAt)}
          {coachingStyle && ` · ${coachingStyle}`}
        </p>
        {scores && (
          <dl className="mt-1 flex flex-wrap gap-x-3 text-sm" aria-label={`Scores of ${session.title}`}>
            {SKILL_CATEGORIES.map((category) => (
              <div key={category} className="flex gap-1">
                <dt className="text-slate-500">{capitalize(category)}</dt>
                <dd className="font-medium text-slate-900">
                  <Score score={scores[category]} reason={MISSING_REASONS.session} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
    </li>
  );
}

/** `/dashboard/team-sessions` (Elite Admin): every member's sessions, with search, filters and pages in the URL. */
export default function TeamSessionsScreen() {
  const { filters, searchText, setSearchText, update, chooseFilter, clear } = useUrlFilters(readTeamSessionFilters, teamSessionQueryString);
  const sessions = useTeamSessionPage(filters);
  const members = useMembers();
  const data = sessions.data;
  const pages = data ? pageCount(data.total, data.pageSize || SESSION_PAGE.defaultSize) : 1;
  const filtered = hasFilters(filters) || !!filters.coachId;

  useClampPage(filters.page, pages, !!data && !sessions.isPlaceholderData, (page) => update({ page }, true));

  return (
    <Page title="Team Sessions" lead="Every session of your team’s coaches, newest first. Open an analysed one to read its report.">
      <div role="search" aria-label="Filter team sessions" className="mb-4 flex flex-wrap items-end gap-3">
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
          Coach
          <select value={filters.coachId ?? ''} onChange={(event) => chooseFilter({ coachId: event.target.value || undefined })} className={selectClass}>
            <option value="">All coaches</option>
            {members.data?.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.username}
              </option>
            ))}
            {/* A coach id from an old link whose coach has left still shows as chosen. */}
            {filters.coachId && members.data && !members.data.some((m) => m.userId === filters.coachId) && (
              <option value={filters.coachId}>Former member</option>
            )}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Status
          <select
            value={filters.status ?? ''}
            onChange={(event) => chooseFilter({ status: (event.target.value || undefined) as TeamSessionFilters['status'] })}
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
            onChange={(event) => chooseFilter({ mediaType: (event.target.value || undefined) as TeamSessionFilters['mediaType'] })}
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
      {sessions.isError && <FormAlert>{readApiError(sessions.error)?.message ?? 'The team’s sessions could not be loaded. Please try again.'}</FormAlert>}
      {data && (
        <p className="mb-2 text-sm text-slate-600" role="status" data-testid="session-total">
          {data.total} {data.total === 1 ? 'session' : 'sessions'}
          {filtered ? ' match' : ''}
        </p>
      )}
      {data?.total === 0 &&
        (filtered ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            <p>No sessions match.</p>
            <Button variant="outline" className="mt-4" onClick={clear}>
              Clear filters
            </Button>
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No sessions yet. Your coaches’ uploads appear here, with their analysis once it is ready.
          </p>
        ))}
      {data && data.items.length > 0 && (
        <ul
          className={`divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white ${sessions.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Team sessions"
          aria-busy={sessions.isPlaceholderData}
        >
          {data.items.map((item) => (
            <SessionRow key={item.session.id} item={item} />
          ))}
        </ul>
      )}
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
