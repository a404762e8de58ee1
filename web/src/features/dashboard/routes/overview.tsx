import type { OverviewDto } from '@touchline/shared';
import { UploadCloud } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { SectionHeading } from '@/components/layout/section-heading';
import { PlanRequestNotice } from '@/components/layout/plan-request-notice';
import { useViewer } from '@/components/layout/viewer';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { MISSING_REASONS } from '@/components/ui/not-scored';
import { ScoreStats, SessionCountStats, Stat, StatGrid } from '@/components/ui/stat';
import { TrialStatus } from '@/components/trial-status';
import { paths, sessionReport } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { formatDate, formatDecimal, formatPercent } from '@/lib/format';
import { useOverview } from '../api/overview-api';
import { CoachTrendChart } from '../components/trend-chart';
import { statusOf } from '@/lib/session-status';
import { trendPoints } from '@/lib/trend-points';

function Overview({ overview }: { overview: OverviewDto }) {
  const { totals, latest, averages, trend } = overview;
  return (
    <div className="space-y-10">
      <StatGrid label="Totals">
        <SessionCountStats totals={totals} />
      </StatGrid>

      <section aria-labelledby="latest-sessions">
        <SectionHeading id="latest-sessions">Latest sessions</SectionHeading>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {latest.map((session) => {
            const status = statusOf(session);
            return (
              <li key={session.id} className="flex items-center gap-4 p-4" data-testid="latest-session">
                <div className="min-w-0 flex-1">
                  <Link to={sessionReport(session.id)} className="block truncate font-medium text-slate-900 hover:underline">
                    {session.title}
                  </Link>
                  <p className="text-sm text-slate-500">{formatDate(session.createdAt)}</p>
                </div>
                <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
              </li>
            );
          })}
        </ul>
        <Link to={paths.sessions} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
          All sessions
        </Link>
      </section>

      <section aria-labelledby="averages">
        <SectionHeading id="averages">Averages</SectionHeading>
        <p className="mb-3 text-sm text-slate-600">
          {totals.completed === 0
            ? 'The averages appear once a session has been analysed.'
            : `Over your ${totals.completed} analysed ${totals.completed === 1 ? 'session' : 'sessions'}.`}
        </p>
        <StatGrid label="Averages">
          <Stat label="Talk ratio" value={formatPercent(averages.talkRatio)} />
          <Stat label="Interventions per minute" value={formatDecimal(averages.interventionsPerMinute)} />
          <ScoreStats scores={averages.scores} reason={MISSING_REASONS.average} />
        </StatGrid>
      </section>

      <section aria-labelledby="trend">
        <SectionHeading id="trend">Trend</SectionHeading>
        {trend.length === 0 ? (
          <p className="text-slate-600">The trend appears once a session has been analysed.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">Category scores (0–100) and the share of the session you spoke, over your latest analysed sessions.</p>
            <CoachTrendChart points={trendPoints(trend)} />
          </>
        )}
      </section>
    </div>
  );
}

/** `/dashboard/overview` (and a bare `/dashboard`) for a coach: their sessions and scores at a glance (an Elite Admin sees the team's, `app/routes/overview.tsx`). */
export default function CoachOverviewScreen() {
  const overview = useOverview();
  const viewer = useViewer();
  return (
    <Page
      title="Overview"
      lead="Your coaching at a glance."
      actions={
        // Once there are sessions the empty state's button is gone; the next upload is still one click away.
        overview.data && overview.data.totals.sessions > 0 ? (
          <Link to={paths.upload} className={buttonVariants()}>
            <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
          </Link>
        ) : undefined
      }
    >
      <PlanRequestNotice user={viewer} className="mb-6" />
      <TrialStatus plan={viewer?.plan} className="mb-6" />
      {overview.isPending && <Spinner />}
      {overview.isError && <FormAlert>{readApiError(overview.error)?.message ?? 'Your overview could not be loaded. Please try again.'}</FormAlert>}
      {overview.data?.totals.sessions === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="overview-empty">
          <p className="text-lg font-medium text-slate-900">Welcome! Your overview starts with your first session.</p>
          <p className="mt-2">Upload the recording of a training session and its analysis, scores and trend show up here.</p>
          <Link to={paths.upload} className={`${buttonVariants()} mt-4`}>
            <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
          </Link>
        </div>
      )}
      {overview.data && overview.data.totals.sessions > 0 && <Overview overview={overview.data} />}
    </Page>
  );
}
