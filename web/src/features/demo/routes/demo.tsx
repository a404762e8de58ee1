import { Link } from 'react-router-dom';
import { DemoReportStatus } from '@/components/report/demo-report-status';
import { ReviewReport } from '@/components/report/review-report';
import { Page } from '@/components/layout/page';
import { useViewer } from '@/components/layout/viewer';
import { buttonVariants } from '@/components/ui/button';
import { paths, signupWithPlan } from '@/config/paths';
import { useSeekablePlayer } from '@/lib/use-seekable-player';
import { useDemoMedia, useDemoReport } from '@/lib/demo-api';

const STEPS = [
  ['The timeline', 'Dark bars are the moments the coach spoke. Click anywhere on it to listen from there.'],
  ['Talk metrics', 'How much of the session the coach talked, how often they stepped in and for how long.'],
  ['Coded transcript', 'Every sentence, coded as instruction, questioning, praise, scolding, management or use of a first name.'],
  ['Scores', 'Technical, tactical, communication, management and engagement, each with what it rests on.'],
] as const;

/** `/demo`: a walk through a report of the built-in demo session, with a call to start the free trial. */
export default function DemoScreen() {
  const viewer = useViewer();
  const report = useDemoReport();
  const media = useDemoMedia();
  const { player, seek } = useSeekablePlayer();
  const cta = viewer ? (
    <Link to={paths.upload} className={buttonVariants({ size: 'lg' })}>
      Upload a session
    </Link>
  ) : (
    <Link to={signupWithPlan('Free Trial')} className={buttonVariants({ size: 'lg' })}>
      Start Free Trial
    </Link>
  );
  return (
    <Page
      title="Demo"
      lead="A coaching session report, made by Touchline's own analysis from a short generated recording (a synthetic voice, no real coach)."
      actions={cta}
    >
      <ol className="mb-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="What the report shows">
        {STEPS.map(([name, text], index) => (
          <li key={name} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm font-semibold text-brand-800">
              {index + 1}. {name}
            </p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      <DemoReportStatus report={report} />
      {report.data && (
        <>
          <h2 className="mb-4 text-2xl font-semibold text-slate-900">{report.data.session.title}</h2>
          <ReviewReport ref={player} review={report.data} mediaUrl={media.data?.url ?? null} comments={[]} onSeek={seek} />
          {!report.data.transcript && (
            <p className="mt-4 text-sm text-slate-600">This server analyses sessions without a transcriber, so the demo has no coded transcript here.</p>
          )}
        </>
      )}
      {/* Below the report once it has come (or failed), not under the loading message: the report arriving above
          it would push it down the page (a layout shift). The header's call stays in place meanwhile. */}
      {!report.isPending && (
        <div className="mt-10 rounded-xl border border-brand-200 bg-brand-50 p-6">
          <p className="text-lg font-semibold text-brand-900">See your own coaching like this.</p>
          <p className="mt-1 text-slate-700">Upload a recording of a session and get its report in minutes.</p>
          <div className="mt-4">{cta}</div>
        </div>
      )}
    </Page>
  );
}
