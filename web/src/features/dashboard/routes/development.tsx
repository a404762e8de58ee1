import { FIGURE_INFO, GOAL_FIGURES, type DevelopmentDto, type GoalFigure } from '@touchline/shared';
import { UploadCloud } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths, sessionReport } from '@/config/paths';
import { PlanRefusal } from '@/components/plan-refusal';
import { readApiError } from '@/lib/api-client';
import { capitalize, formatScore, formatShortDay } from '@/lib/format';
import { useDevelopment } from '../api/development-api';
import { GoalsPanel } from '../components/goals-panel';

// The chart library loads only when a chart is shown, not with the app.
const DevelopmentChart = lazy(() => import('../components/development-chart'));

function LevelsReached({ development }: { development: DevelopmentDto }) {
  const titles = new Map(development.points.map((p) => [p.sessionId, p.title]));
  return (
    <section aria-labelledby="levels-reached">
      <h2 id="levels-reached" className="mb-3 text-xl font-semibold text-slate-900">
        Levels reached
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {development.levelsReached.map((reached) => (
          <div key={reached.category} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="level-reached">
            <dt className="text-sm text-slate-500">{capitalize(reached.category)}</dt>
            <dd className="mt-1">
              <span className="text-xl font-semibold text-slate-900">{reached.level ? capitalize(reached.level) : 'Not scored yet'}</span>
              {reached.sessionId && reached.date && (
                <span className="block text-sm text-slate-600">
                  first in{' '}
                  <Link to={sessionReport(reached.sessionId)} className="underline">
                    {titles.get(reached.sessionId)}
                  </Link>{' '}
                  ({formatShortDay(reached.date)})
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Development({ development }: { development: DevelopmentDto }) {
  const [figure, setFigure] = useState<GoalFigure>('communication');
  const { suggestions } = development;
  return (
    <div className="space-y-10">
      <section aria-labelledby="over-time" className="space-y-3">
        <h2 id="over-time" className="text-xl font-semibold text-slate-900">
          Over time
        </h2>
        <p className="text-sm text-slate-600" data-testid="development-count">
          {development.points.length} analysed {development.points.length === 1 ? 'session' : 'sessions'}, oldest first. The dashed line is the average of the
          last five.
        </p>
        <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-slate-700">
          Show
          <select
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            value={figure}
            onChange={(event) => setFigure(event.target.value as GoalFigure)}
          >
            {GOAL_FIGURES.map((f) => (
              <option key={f} value={f}>
                {FIGURE_INFO[f].label}
              </option>
            ))}
          </select>
        </label>
        {/* The chart's own box and button size while its chunk comes in, so nothing below it moves. */}
        <Suspense
          fallback={
            <div className="space-y-3">
              <div className="rounded-xl border border-slate-200 bg-white p-4">
                <Spinner label="Loading the chart" className="h-80" />
              </div>
              <div className="h-8" />
            </div>
          }
        >
          <DevelopmentChart points={development.points} goals={development.goals} figure={figure} />
        </Suspense>
      </section>
      <LevelsReached development={development} />
      <GoalsPanel goals={development.goals} />
      {suggestions && (
        <section aria-labelledby="suggestions" className="rounded-xl border border-brand-200 bg-brand-50 p-5">
          <h2 id="suggestions" className="text-xl font-semibold text-brand-900">
            Suggestions
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {capitalize(suggestions.category)} is your weakest category over your latest sessions (average {formatScore(suggestions.score)}).
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800" data-testid="suggestions">
            {suggestions.guidance.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function DevelopmentError({ error }: { error: unknown }) {
  const refusal = readApiError(error);
  if (refusal?.status === 403 && refusal.message) {
    return (
      <FormAlert>
        <PlanRefusal message={refusal.message} />
      </FormAlert>
    );
  }
  return <FormAlert>{refusal?.message ?? 'Your development could not be loaded. Please try again.'}</FormAlert>;
}

/** `/dashboard/development`: the coach's figures over time, levels reached, goals and suggestions. */
export default function DevelopmentScreen() {
  const development = useDevelopment();
  return (
    <Page title="Development" lead="How your coaching changes from session to session, and the goals you set.">
      {development.isPending && <Spinner />}
      {development.isError && <DevelopmentError error={development.error} />}
      {development.data?.points.length === 0 && (
        <div className="mb-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="development-empty">
          <p className="text-lg font-medium text-slate-900">Your development starts with your first analysed session.</p>
          <p className="mt-2">Each session you upload adds a point to every chart here; goals you set are checked against each one.</p>
          <Link to={paths.upload} className={`${buttonVariants()} mt-4`}>
            <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
          </Link>
        </div>
      )}
      {development.data && development.data.points.length > 0 && <Development development={development.data} />}
      {development.data?.points.length === 0 && <GoalsPanel goals={development.data.goals} />}
    </Page>
  );
}
