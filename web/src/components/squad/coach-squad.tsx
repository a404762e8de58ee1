import { Link } from 'react-router-dom';
import { useViewer } from '@/components/layout/viewer';
import { paths } from '@/config/paths';
import { useSaveSquad, useSquad, useTeamSquad } from '@/lib/squad-api';
import { SquadEditor } from './squad-editor';

/** The names of the coach's team squad that the analysis also listens for, with where its admins keep them. */
function TeamSquadNames() {
  const viewer = useViewer();
  const team = useTeamSquad(Boolean(viewer?.eliteRole));
  if (!team.data || team.data.names.length === 0) return null;
  return (
    <p className="mt-4 text-sm text-slate-600" data-testid="team-squad-names">
      Your team’s squad counts too: {team.data.names.join(', ')}.{' '}
      {team.data.editable ? (
        <Link to={paths.management} className="font-medium text-brand-700 underline">
          Edit it in Coach Management
        </Link>
      ) : (
        'Your team’s admins keep it.'
      )}
    </p>
  );
}

/**
 * The coach's own squad, one first name a line: the analysis of their next sessions counts an utterance as using
 * a first name when it names one of these players (or one of their Elite team's squad).
 */
export function CoachSquad() {
  const squad = useSquad();
  const save = useSaveSquad();
  return (
    <SquadEditor
      squad={squad}
      save={save}
      description="Your players’ first names: the analysis of your next sessions counts how often you call a player by name."
    >
      <TeamSquadNames />
    </SquadEditor>
  );
}
