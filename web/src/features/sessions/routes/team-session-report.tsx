import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { useTeamMedia, useTeamReport } from '../api/team-report-api';
import { SessionAnalysis } from '../components/session-analysis';
import { formatDateTime } from '@/lib/format';

/**
 * `/dashboard/team-sessions/:id` (Elite Admin): a team member's analysed session, as its coach sees it, recording
 * included, but read-only: no comments, sharing or retry, which are the coach's own.
 */
export default function TeamSessionReportScreen() {
  const { id = '' } = useParams();
  const report = useTeamReport(id);
  const media = useTeamMedia(id);
  const data = report.data;
  return (
    <Page
      title={data?.report.session.title ?? 'Session report'}
      // The lead's line is kept while the report loads, so the report does not push down when it comes.
      lead={data ? `${data.coach.username}’s session of ${formatDateTime(data.report.session.createdAt)}. Read-only.` : <span aria-hidden="true">&nbsp;</span>}
    >
      {report.isPending && <Spinner />}
      {report.isError && <FormAlert>{readApiError(report.error)?.message ?? 'The report could not be loaded.'}</FormAlert>}
      {data && <SessionAnalysis report={data.report} readOnly mediaUrl={media.data?.url ?? null} />}
      <p className="mt-8">
        <Link to={paths.teamSessions} className="text-sm font-medium text-brand-700 underline">
          All team sessions
        </Link>
      </p>
    </Page>
  );
}
