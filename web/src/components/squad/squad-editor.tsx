import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { SQUAD_LIMITS, type SquadDto } from '@touchline/shared';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { readApiError } from '@/lib/api-client';

/** The names in the box, one a line, blank lines dropped. */
export const namesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

interface SquadEditorProps<T extends SquadDto> {
  /** The squad as stored. */
  squad: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'>;
  /** Replaces the whole squad. */
  save: UseMutationResult<T, Error, string[]>;
  /** What the names are for, under the field's label. */
  description: ReactNode;
  /** Below the form: what else the analysis listens for. */
  children?: ReactNode;
}

/** A squad, one first name a line, saved as a whole: a coach's own, or an Elite team's shared one. */
export function SquadEditor<T extends SquadDto>({ squad, save, description, children }: SquadEditorProps<T>) {
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const hint = useId();

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
    <>
      <p id={hint} className="mt-1 text-sm text-slate-600">
        {description} One name a line, up to {SQUAD_LIMITS.players}.
      </p>
      {squad.isError && <FormAlert>{readApiError(squad.error)?.message ?? 'The squad could not be loaded.'}</FormAlert>}
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Player first names
          <textarea
            aria-describedby={hint}
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
      {children}
    </>
  );
}
