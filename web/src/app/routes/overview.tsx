import { isEliteAdmin } from '@touchline/shared';
import { useViewer } from '@/components/layout/viewer';
import CoachOverviewScreen from '@/features/dashboard/routes/overview';
import TeamOverviewScreen from '@/features/team/routes/team-overview';

/** `/dashboard/overview` (and a bare `/dashboard`): the same route is the Team Overview for an Elite Admin (docs/product-spec.md §2, §6). */
export default function OverviewScreen() {
  const viewer = useViewer();
  return viewer && isEliteAdmin(viewer) ? <TeamOverviewScreen /> : <CoachOverviewScreen />;
}
