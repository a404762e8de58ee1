import { FIGURE_INFO, GOAL_FIGURES, type GoalComparison, type GoalDto, type GoalFigure } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { readApiError } from '@/lib/api-client';
import { useRemoveGoal, useSaveGoal } from '../api/development-api';
import { describeGoal, formatFigure, targetFromApi, targetToApi, typedUnit } from '@/lib/figure-format';
import { formatCalendarDay } from '@/lib/format';

const fieldClass =
  'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm font-normal text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';
const STATUS = {
  met: { label: 'Met', tone: 'bg-emerald-100 text-emerald-800' },
  'not-met': { label: 'Not met', tone: 'bg-amber-100 text-amber-900' },
  'no-data': { label: 'No session yet', tone: 'bg-slate-100 text-slate-700' },
} as const;

interface Draft {
  id?: string;
  figure: GoalFigure;
  comparison: GoalComparison;
  target: string;
  targetDate: string;
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const blank = (): Draft => ({ figure: 'questioningShare', comparison: 'atLeast', target: '', targetDate: inAMonth() });

function GoalForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const [value, setValue] = useState(draft);
  const save = useSaveGoal();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = Number(value.target.replace(',', '.'));
    save.mutate(
      {
        id: value.id,
        input: {
          figure: value.figure,
          comparison: value.comparison,
          target: value.target.trim() === '' || !Number.isFinite(typed) ? Number.NaN : targetToApi(value.figure, typed),
          targetDate: value.targetDate,
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label={value.id ? 'Change the goal' : 'Set a goal'}
      noValidate
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Figure
          <select className={fieldClass} value={value.figure} onChange={(event) => setValue({ ...value, figure: event.target.value as GoalFigure })}>
            {GOAL_FIGURES.map((figure) => (
              <option key={figure} value={figure}>
                {FIGURE_INFO[figure].label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Should be
          <select
            className={fieldClass}
            value={value.comparison}
            onChange={(event) => setValue({ ...value, comparison: event.target.value as GoalComparison })}
          >
            <option value="atLeast">at least (≥)</option>
            <option value="atMost">at most (≤)</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Target ({typedUnit(value.figure)})
          <input
            className={`${fieldClass} w-32`}
            inputMode="decimal"
            value={value.target}
            onChange={(event) => setValue({ ...value, target: event.target.value })}
            required
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          By
          <input
            type="date"
            className={fieldClass}
            value={value.targetDate}
            onChange={(event) => setValue({ ...value, targetDate: event.target.value })}
            required
          />
        </label>
        <Button type="submit" disabled={save.isPending}>
          {value.id ? 'Save goal' : 'Add goal'}
        </Button>
        {value.id && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
      <FormAlert>{save.isError && (readApiError(save.error)?.message ?? 'The goal was not saved. Please try again.')}</FormAlert>
    </form>
  );
}

function GoalItem({ goal, onEdit }: { goal: GoalDto; onEdit: () => void }) {
  const remove = useRemoveGoal();
  const { progress } = goal;
  const status = STATUS[progress.status];
  return (
    <li className="space-y-2 p-4" data-testid="goal">
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 font-medium text-slate-900">{describeGoal(goal)}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${status.tone}`} data-testid="goal-status">
          {status.label}
        </span>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Change the goal ${describeGoal(goal)}`}>
          Change
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate(goal.id)}
          aria-label={`Remove the goal ${describeGoal(goal)}`}
        >
          Remove
        </Button>
      </div>
      {progress.fraction !== null && (
        <label className="flex items-center gap-3 text-sm text-slate-600">
          <span className="sr-only">Progress towards {describeGoal(goal)}</span>
          <progress className="h-2 w-48 accent-brand-600" value={progress.fraction} max={1} />
          {Math.round(progress.fraction * 100)}%
        </label>
      )}
      <p className="text-sm text-slate-600">
        {progress.latest === null ? 'No analysed session has this figure yet.' : `Latest session: ${formatFigure(goal.figure, progress.latest)}.`} By{' '}
        {formatCalendarDay(goal.targetDate)}
        {progress.overdue ? ' (the date has passed).' : '.'}{' '}
        {progress.evaluatedSinceSet > 0 && `Met in ${progress.metSinceSet} of ${progress.evaluatedSinceSet} sessions since you set it.`}
      </p>
      <FormAlert>{remove.isError && (readApiError(remove.error)?.message ?? 'The goal was not removed. Please try again.')}</FormAlert>
    </li>
  );
}

/** The coach's goals: set one, see where each stands by the latest session, change or remove it. */
export function GoalsPanel({ goals }: { goals: GoalDto[] }) {
  const [editing, setEditing] = useState<Draft | null>(null);
  return (
    <section aria-labelledby="goals" className="space-y-4">
      <h2 id="goals" className="text-xl font-semibold text-slate-900">
        Goals
      </h2>
      <p className="text-sm text-slate-600">
        Set a target on a figure, for example questioning at least 15% of what you say, or the longest intervention at most 20 s.
      </p>
      {editing ? (
        <GoalForm key={editing.id ?? 'edit'} draft={editing} onDone={() => setEditing(null)} />
      ) : (
        <GoalForm key={`new-${goals.length}`} draft={blank()} onDone={() => undefined} />
      )}
      {goals.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Your goals">
          {goals.map((goal) => (
            <GoalItem
              key={goal.id}
              goal={goal}
              onEdit={() =>
                setEditing({
                  id: goal.id,
                  figure: goal.figure,
                  comparison: goal.comparison,
                  target: String(targetFromApi(goal.figure, goal.target)),
                  targetDate: goal.targetDate,
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
