import { SKILL_CATEGORIES, type TeamOverviewDto } from '@touchline/shared';
import { Link } from 'react-router-dom';
import { SectionHeading } from '@/components/layout/section-heading';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { MISSING_REASONS, NotScored, Score } from '@/components/ui/not-scored';
import { ScoreStats, SessionCountStats, Stat, StatGrid } from '@/components/ui/stat';
import { stackedTable } from '@/components/ui/stacked-table';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { capitalize, formatDate, formatPercent } from '@/lib/format';
import { useTeamOverview } from '../api/team-api';
import { TeamTrendChart } from './team-trend-chart';

/** Each coach's means side by side: sessions, talk ratio, questioning, the five scores and the last session. */
function CoachComparison({ coaches }: { coaches: TeamOverviewDto['coaches'] }) {
  const header = (name: string) => (
    <th scope="col" className="p-3 font-medium">
      {name}
    </th>
  );
  const cell = `p-3 ${stackedTable.cell}`;
  return (
    // A region of its own that takes focus, so that keyboard users can scroll the table if it ever is wider.
    <div
      role="region"
      aria-label="Coach comparison"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {/* The five scores share one column: ten columns did not fit beside the sidebar, and "Last session" was cut off. */}
      <table className={`w-full text-left text-sm ${stackedTable.table}`} data-testid="coach-comparison">
        <caption className="sr-only">Each coach’s means over their analysed sessions</caption>
        <thead className={`border-b border-slate-200 text-slate-600 ${stackedTable.head}`}>
          <tr>
            {header('Coach')}
            {header('Sessions')}
            {header('Talk ratio')}
            {header('Questioning')}
            {header('Scores')}
            {header('Last session')}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${stackedTable.body}`}>
          {coaches.map((coach) => (
            <tr key={coach.userId} data-testid="coach-row" className={stackedTable.row}>
              <th scope="row" className="p-3 font-medium text-slate-900 max-md:block max-md:py-1">
                {coach.username}
                <span className="block text-xs font-normal text-slate-500">{coach.role}</span>
              </th>
              <td data-label="Sessions" className={cell}>
                {coach.completed} of {coach.sessions} analysed
              </td>
              <td data-label="Talk ratio" className={cell}>
                {coach.talkRatio === null ? <NotScored label="Not measured" reason={MISSING_REASONS.noAnalysedSession} /> : formatPercent(coach.talkRatio)}
              </td>
              <td data-label="Questioning" className={cell}>
                {coach.questioningShare === null ? (
                  <NotScored label="Not measured" reason={MISSING_REASONS.shareAverage} />
                ) : (
                  formatPercent(coach.questioningShare)
                )}
              </td>
              <td data-label="Scores" className={cell}>
                <dl className="flex flex-wrap gap-x-3 gap-y-1" aria-label={`Scores of ${coach.username}`}>
                  {SKILL_CATEGORIES.map((category) => (
                    <div key={category} className="flex gap-1">
                      <dt className="text-slate-500">{capitalize(category)}</dt>
                      <dd className="font-medium text-slate-900">
                        <Score score={coach.scores[category]} reason={MISSING_REASONS.coachAverage} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </td>
              <td data-label="Last session" className={`${cell} whitespace-nowrap`}>
                {coach.lastSessionAt ? formatDate(coach.lastSessionAt) : 'No session yet'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TeamFigures({ overview }: { overview: TeamOverviewDto }) {
  const { totals, averages, coaches, trend } = overview;
  return (
    <div className="space-y-10">
      <StatGrid label="Team totals" columns={3}>
        <Stat label="Coaches" value={String(totals.members)} />
        <Stat label="Pending invitations" value={String(totals.pendingInvitations)} />
        <SessionCountStats totals={totals} />
      </StatGrid>

      <section aria-labelledby="team-averages">
        <SectionHeading id="team-averages">Team averages</SectionHeading>
        <p className="mb-3 text-sm text-slate-600">
          {totals.completed === 0
            ? 'The averages appear once a session of the team has been analysed.'
            : `Over the team’s ${totals.completed} analysed ${totals.completed === 1 ? 'session' : 'sessions'}.`}
        </p>
        <StatGrid>
          <Stat label="Talk ratio" value={formatPercent(averages.talkRatio)} />
          <Stat
            label="Questioning"
            value={
              averages.questioningShare === null ? (
                <NotScored label="Not measured" reason={MISSING_REASONS.shareAverage} />
              ) : (
                formatPercent(averages.questioningShare)
              )
            }
          />
          <ScoreStats scores={averages.scores} reason={MISSING_REASONS.teamAverage} />
        </StatGrid>
      </section>

      <section aria-labelledby="coach-comparison">
        <SectionHeading id="coach-comparison">Coaches compared</SectionHeading>
        <CoachComparison coaches={coaches} />
        <p className="mt-3 text-sm">
          <Link to={paths.management} className="font-medium text-brand-700 underline">
            Coach Management
          </Link>{' '}
          ·{' '}
          <Link to={paths.teamSessions} className="font-medium text-brand-700 underline">
            Team Sessions
          </Link>
        </p>
      </section>

      <section aria-labelledby="team-trend">
        <SectionHeading id="team-trend">Team trend</SectionHeading>
        {trend.length === 0 ? (
          <p className="text-slate-600">The trend appears once a session of the team has been analysed.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">The team’s weekly means: category scores (0–100), talk ratio and questioning (% of the session).</p>
            <TeamTrendChart trend={trend} />
          </>
        )}
      </section>
    </div>
  );
}

/** The Elite Admin's overview: the whole team at a glance. */
export function TeamOverview() {
  const overview = useTeamOverview();
  return (
    <>
      {overview.isPending && <Spinner />}
      {overview.isError && <FormAlert>{readApiError(overview.error)?.message ?? 'Your team’s overview could not be loaded. Please try again.'}</FormAlert>}
      {overview.data && <TeamFigures overview={overview.data} />}
    </>
  );
}
