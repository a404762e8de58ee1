import { Link } from 'react-router-dom';
import { ReviewReport } from '@/components/report/review-report';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { useSeekablePlayer } from '@/lib/use-seekable-player';
import { useDemoComments, useDemoReview, useDemoReviewMedia } from '../api/demo-review-api';
import { ReviewCommentThread } from '../components/review-comment-thread';

/** `/pro-external-review-demo`: what an outside reviewer sees, on the demo session with a sample review (read-only). */
export default function ProExternalReviewDemoScreen() {
  const report = useDemoReview();
  const media = useDemoReviewMedia();
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
      {report.isPending && (
        <div className="flex items-center gap-3 text-slate-600" role="status">
          <Spinner /> Preparing the demo session…
        </div>
      )}
      {report.isError && <FormAlert>{readApiError(report.error)?.message ?? 'The demo could not be loaded. Please try again later.'}</FormAlert>}
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
