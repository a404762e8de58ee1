import { SQUAD_LIMITS } from '@touchline/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { readApiError } from '@/lib/api-client';
import { useSaveSquad, useSquad } from '../api/squad-api';

/** The names in the box, one a line, blank lines dropped. */
export const namesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The coach's squad, one first name a line: the analysis of their next sessions counts an utterance as using
 * a first name when it names one of these players.
 */
export function SquadEditor() {
  const squad = useSquad();
  const save = useSaveSquad();
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (squad.data && text === null) setText(squad.data.names.join('\n'));
  }, [squad.data, text]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    save.mutate(namesOf(text ?? ''), {
      onSuccess: (stored) => {
        setText(stored.names.join('\n'));
        setSaved(true);
      },
    });
  }

  return (
    <section aria-labelledby="squad-heading" className="mt-8 max-w-xl rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="squad-heading" className="text-lg font-semibold text-slate-900">
        Squad
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your players' first names, one a line (up to {SQUAD_LIMITS.players}). The analysis of your next sessions counts how often you call a player by name.
      </p>
      {squad.isError && <FormAlert>{readApiError(squad.error)?.message ?? 'The squad could not be loaded.'}</FormAlert>}
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Player first names
          <textarea
            className="min-h-40 rounded-md border border-slate-300 px-3 py-2 font-normal text-slate-900"
            value={text ?? ''}
            disabled={text === null}
            onChange={(event) => {
              setText(event.target.value);
              setSaved(false);
            }}
          />
        </label>
        <FormAlert>{save.isError && (readApiError(save.error)?.message ?? 'The squad was not saved. Please try again.')}</FormAlert>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={save.isPending || text === null}>
            Save squad
          </Button>
          {saved && (
            <span role="status" className="text-sm text-slate-600">
              Squad saved: {namesOf(text ?? '').length} players.
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
