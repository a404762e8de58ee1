import { UploadCloud } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { TeamOverview } from '../components/team-overview';

/** `/dashboard/overview` for an Elite Admin: the Team Overview (docs/product-spec.md §2, §6; chosen in `app/routes/overview.tsx`). */
export default function TeamOverviewScreen() {
  return (
    <Page
      title="Team Overview"
      lead="Your team’s coaching at a glance."
      actions={
        // The admin coaches too: their own uploads stay one click away.
        <Link to={paths.upload} className={buttonVariants()}>
          <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
        </Link>
      }
    >
      <TeamOverview />
    </Page>
  );
}
