import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { useReport, useRetryAnalysis, useSession } from '../api/session-report-api';
import { SessionAnalysis } from '../components/session-analysis';

/** `/sessions/:id`: the analysis of one of the coach's sessions, or where it stands. */
export default function SessionReportScreen() {
  const { id = '' } = useParams();
  const session = useSession(id);
  const completed = session.data?.processingStatus === 'completed';
  const report = useReport(id, completed);
  const retry = useRetryAnalysis(id);
  const title = session.data?.title ?? 'Session report';

  return (
    <Page title={title}>
      {(session.isPending || (completed && report.isPending)) && <Spinner />}
      {session.isError && <FormAlert>{readApiError(session.error)?.message ?? 'This session could not be loaded.'}</FormAlert>}
      {report.isError && <FormAlert>{readApiError(report.error)?.message ?? 'The report could not be loaded.'}</FormAlert>}
      {session.data && !completed && (
        <div className="max-w-2xl space-y-3 rounded-xl border border-slate-200 bg-white p-6" role="status">
          {session.data.processingStatus === 'failed' ? (
            <>
              <p className="text-red-700">The analysis failed{session.data.failureReason ? `: ${session.data.failureReason}` : '.'}</p>
              <FormAlert>
                {retry.isError && (readApiError(retry.error)?.message ?? 'The analysis could not be started again. Please try again later.')}
              </FormAlert>
              {/* "Try again" only where it can help: a recording that cannot be analysed fails the same way every time. */}
              {session.data.retryable ? (
                <Button onClick={() => retry.mutate()} disabled={retry.isPending}>
                  Try again
                </Button>
              ) : (
                <Link to={paths.upload} className={buttonVariants({ variant: 'outline' })}>
                  Upload another recording
                </Link>
              )}
            </>
          ) : (
            <>
              {!session.data.uploadedAt ? (
                <p>The recording has not finished uploading.</p>
              ) : session.data.processingStatus === 'processing' && session.data.waitingFor === 'transcriber' ? (
                <p data-testid="waiting-for-transcriber">
                  Analysing… {session.data.analysisProgress}%. Waiting for the transcriber (the Whisper speech recogniser) to finish installing on the server:
                  the analysis goes on by itself once it is ready, and this page shows the report then.
                </p>
              ) : (
                <p>
                  {session.data.processingStatus === 'processing' ? `Analysing… ${session.data.analysisProgress}%` : 'Waiting for analysis.'} This page shows
                  the report once it is ready.
                </p>
              )}
              <Button
                variant="outline"
                onClick={() => {
                  retry.reset();
                  void session.refetch();
                }}
              >
                Check again
              </Button>
            </>
          )}
        </div>
      )}
      {completed && report.data && <SessionAnalysis report={report.data} />}
      <p className="mt-8">
        <Link to={paths.sessions} className="text-sm font-medium text-brand-700 underline">
          All sessions
        </Link>
      </p>
    </Page>
  );
}
