import { useState } from 'react';
import { CoachSquad } from '@/components/squad/coach-squad';
import { useSquad } from '@/lib/squad-api';

/**
 * The coach's squad beside the upload, folded away: the analysis of this upload counts how often the coach calls
 * these players by name, so a coach can add a new player before sending the session.
 */
export function UploadSquad() {
  const squad = useSquad();
  const [open, setOpen] = useState(false);
  const count = squad.data?.names.length;
  return (
    <details className="mt-8 max-w-xl rounded-xl border border-slate-200 bg-white p-6" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        Squad{count === undefined ? '' : count === 1 ? ': 1 player' : `: ${count} players`}
      </summary>
      {open && <CoachSquad />}
    </details>
  );
}
