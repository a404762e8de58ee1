import { SKILL_CATEGORIES, type TeamSessionDto } from '@touchline/shared';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { FilterSelect, SessionFilterBar, SessionList } from '@/components/sessions/session-list';
import { teamSessionReport } from '@/config/paths';
import { MISSING_REASONS, Score } from '@/components/ui/not-scored';
import { capitalize, formatDateTime } from '@/lib/format';
import { useMembers, useTeamSessionPage } from '../api/team-api';
import { hasFilters } from '@/lib/session-filters';
import { statusOf } from '@/lib/session-status';
import { readTeamSessionFilters, teamSessionQueryString } from '../team-session-filters';
import { useUrlFilters } from '@/lib/use-url-filters';

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
  return (
    <Page title="Team Sessions" lead="Every session of your team’s coaches, newest first. Open an analysed one to read its report.">
      <SessionFilterBar label="Filter team sessions" searchText={searchText} onSearchText={setSearchText} filters={filters} onChoose={chooseFilter}>
        <FilterSelect
          label="Coach"
          value={filters.coachId}
          allLabel="All coaches"
          options={members.data?.map((member) => ({ value: member.userId, label: member.username })) ?? []}
          onChange={(coachId) => chooseFilter({ coachId })}
        >
          {/* A coach id from an old link whose coach has left still shows as chosen. */}
          {filters.coachId && members.data && !members.data.some((m) => m.userId === filters.coachId) && <option value={filters.coachId}>Former member</option>}
        </FilterSelect>
      </SessionFilterBar>
      <SessionList
        sessions={sessions}
        page={filters.page}
        filtered={hasFilters(filters) || !!filters.coachId}
        loadError="The team’s sessions could not be loaded. Please try again."
        empty={<p>No sessions yet. Your coaches’ uploads appear here, with their analysis once it is ready.</p>}
        listLabel="Team sessions"
        onPage={(page, replace) => update({ page }, replace)}
        onClear={clear}
        renderItem={(item) => <SessionRow key={item.session.id} item={item} />}
      />
    </Page>
  );
}
