import { Link } from 'react-router-dom';
import { DemoReportStatus } from '@/components/report/demo-report-status';
import { ReviewReport } from '@/components/report/review-report';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSeekablePlayer } from '@/lib/use-seekable-player';
import { useDemoMedia, useDemoReport } from '@/lib/demo-api';
import { useDemoComments } from '../api/demo-review-api';
import { ReviewCommentThread } from '../components/review-comment-thread';

/** `/pro-external-review-demo`: what an outside reviewer sees, on the demo session with a sample review (read-only). */
export default function ProExternalReviewDemoScreen() {
  const report = useDemoReport();
  const media = useDemoMedia();
  const comments = useDemoComments();
  const { player, seek } = useSeekablePlayer();
  return (
    <Page
      title="Professional external review"
      lead="On Pro and Elite, a coach shares one session with a tutor or assessor through a private link. The reviewer needs no account and pins comments to moments of the recording; the coach reads them on the report."
      actions={
        <Link to={paths.pricing} className={buttonVariants()}>
          See the Pro and Elite plans
        </Link>
      }
    >
      <p className="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900">A sample review of the demo session: read-only.</p>
      <DemoReportStatus report={report} />
      {report.data && (
        <div className="space-y-8">
          <h2 className="text-2xl font-semibold text-slate-900">{report.data.session.title}</h2>
          <ReviewReport ref={player} review={report.data} mediaUrl={media.data?.url ?? null} comments={comments.data ?? []} onSeek={seek} />
          <section aria-labelledby="demo-comments" className="space-y-3">
            <h2 id="demo-comments" className="text-xl font-semibold text-slate-900">
              Comments
            </h2>
            <ReviewCommentThread comments={comments.data ?? []} onSeek={seek} />
          </section>
        </div>
      )}
    </Page>
  );
}
