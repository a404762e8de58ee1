import { SquadEditor } from '@/components/squad/squad-editor';
import { useSaveTeamSquad, useTeamSquad } from '@/lib/squad-api';

/** The team's shared squad, kept by its admins: every member's analyses listen for these names. */
export function TeamSquad() {
  const squad = useTeamSquad(true);
  const save = useSaveTeamSquad();
  return (
    <section aria-labelledby="team-squad-heading" className="max-w-xl">
      <h2 id="team-squad-heading" className="text-xl font-semibold text-slate-900">
        Team squad
      </h2>
      <SquadEditor
        squad={squad}
        save={save}
        description="First names every coach of the team may call: the analyses of all the team’s next sessions count them, beside each coach’s own squad."
      />
    </section>
  );
}
