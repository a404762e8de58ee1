import { SKILL_CATEGORIES, type TeamOverviewDto } from '@touchline/shared';
import { Link } from 'react-router-dom';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { MISSING_REASONS, NotScored, Score } from '@/components/ui/not-scored';
import { Stat } from '@/components/ui/stat';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { capitalize, formatDate, formatPercent } from '@/lib/format';
import { useTeamOverview } from '../api/team-api';
import { TeamTrendChart } from './team-trend-chart';

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 text-xl font-semibold text-slate-900">
      {children}
    </h2>
  );
}

/** Each coach's means side by side: sessions, talk ratio, questioning and the five scores. */
function CoachComparison({ coaches }: { coaches: TeamOverviewDto['coaches'] }) {
  return (
    // A region of its own that takes focus, so that keyboard users can scroll the table on a narrow screen.
    <div
      role="region"
      aria-label="Coach comparison"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <table className="w-full text-left text-sm" data-testid="coach-comparison">
        <caption className="sr-only">Each coach’s means over their analysed sessions</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="p-3 font-medium">
              Coach
            </th>
            <th scope="col" className="p-3 font-medium">
              Sessions
            </th>
            <th scope="col" className="p-3 font-medium">
              Talk ratio
            </th>
            <th scope="col" className="p-3 font-medium">
              Questioning
            </th>
            {SKILL_CATEGORIES.map((category) => (
              <th key={category} scope="col" className="p-3 font-medium">
                {capitalize(category)}
              </th>
            ))}
            <th scope="col" className="p-3 font-medium">
              Last session
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {coaches.map((coach) => (
            <tr key={coach.userId} data-testid="coach-row">
              <th scope="row" className="p-3 font-medium text-slate-900">
                {coach.username}
                <span className="block text-xs font-normal text-slate-500">{coach.role}</span>
              </th>
              <td className="p-3">
                {coach.completed} of {coach.sessions} analysed
              </td>
              <td className="p-3">
                {coach.talkRatio === null ? <NotScored label="Not measured" reason={MISSING_REASONS.noAnalysedSession} /> : formatPercent(coach.talkRatio)}
              </td>
              <td className="p-3">
                {coach.questioningShare === null ? (
                  <NotScored label="Not measured" reason={MISSING_REASONS.shareAverage} />
                ) : (
                  formatPercent(coach.questioningShare)
                )}
              </td>
              {SKILL_CATEGORIES.map((category) => (
                <td key={category} className="p-3">
                  <Score score={coach.scores[category]} reason={MISSING_REASONS.coachAverage} />
                </td>
              ))}
              <td className="p-3 whitespace-nowrap">{coach.lastSessionAt ? formatDate(coach.lastSessionAt) : 'No session yet'}</td>
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
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3" aria-label="Team totals">
        <Stat label="Coaches" value={String(totals.members)} />
        <Stat label="Pending invitations" value={String(totals.pendingInvitations)} />
        <Stat label="Sessions" value={String(totals.sessions)} />
        <Stat label="Completed" value={String(totals.completed)} />
        <Stat label="In progress" value={String(totals.inProgress)} />
        <Stat label="Failed" value={String(totals.failed)} />
      </dl>

      <section aria-labelledby="team-averages">
        <Heading id="team-averages">Team averages</Heading>
        <p className="mb-3 text-sm text-slate-600">
          {totals.completed === 0
            ? 'The averages appear once a session of the team has been analysed.'
            : `Over the team’s ${totals.completed} analysed ${totals.completed === 1 ? 'session' : 'sessions'}.`}
        </p>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
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
          {SKILL_CATEGORIES.map((category) => (
            <Stat key={category} label={capitalize(category)} value={<Score score={averages.scores[category]} reason={MISSING_REASONS.teamAverage} />} />
          ))}
        </dl>
      </section>

      <section aria-labelledby="coach-comparison">
        <Heading id="coach-comparison">Coaches compared</Heading>
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
        <Heading id="team-trend">Team trend</Heading>
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
