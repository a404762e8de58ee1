import { FIGURE_INFO, SKILL_CATEGORIES, type CompareDto, type SessionFigure } from '@touchline/shared';
import { capitalize, formatDate } from '@/lib/format';
import { formatFigure } from '@/lib/figure-format';
import { FigureValue } from './figure-value';

const TALK: SessionFigure[] = [
  'durationSeconds',
  'talkRatio',
  'interventionsPerMinute',
  'meanInterventionSeconds',
  'longestInterventionSeconds',
  'longestSilenceSeconds',
];
const SHARES: SessionFigure[] = ['questioningShare', 'instructionShare', 'praiseShare', 'scoldShare'];

const DIRECTION_NOTES = { higher: 'higher is better', lower: 'lower is better', none: 'not ranked' } as const;

function directionNote(row: CompareDto['rows'][number]): string {
  if (row.direction !== 'ideal') return DIRECTION_NOTES[row.direction];
  const [low, high] = row.ideal ?? [0, 0];
  return `best between ${formatFigure(row.figure, low)} and ${formatFigure(row.figure, high)}`;
}

/**
 * The mark beside a value. On a figure with an ideal band "best" is not "most": the mark says so, with the band, so
 * that 10 % questions beating 57 % reads as the rubric means it (nearer 15–30 %), not as a verdict against asking.
 */
function verdictMark(row: CompareDto['rows'][number], verdict: 'best' | 'worst'): string {
  if (row.direction !== 'ideal') return verdict === 'best' ? '▲ best' : '▼ worst';
  const [low, high] = row.ideal ?? [0, 0];
  const band = `ideal ${formatFigure(row.figure, low)}–${formatFigure(row.figure, high)}`;
  return verdict === 'best' ? `▲ nearest the ${band}` : `▼ furthest from the ${band}`;
}

/** Every figure of the chosen sessions side by side; the best and worst of each marked by the rubric's direction. */
export function CompareTable({ compare }: { compare: CompareDto }) {
  const { sessions, rows } = compare;
  const figureRow = (figure: SessionFigure) => {
    const row = rows.find((r) => r.figure === figure)!;
    const levels = (SKILL_CATEGORIES as readonly string[]).includes(figure)
      ? sessions.map((s) => s.scores.find((x) => x.category === figure)?.level ?? null)
      : null;
    return (
      <tr key={figure} className="border-t border-slate-100">
        <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-700">
          {FIGURE_INFO[figure].label}
          <span className="block text-xs font-normal text-slate-500">{directionNote(row)}</span>
        </th>
        {sessions.map((s, i) => {
          const verdict = row.verdicts[i];
          return (
            <td
              key={s.session.id}
              data-verdict={verdict ?? undefined}
              className={`px-3 py-2 text-right tabular-nums ${verdict === 'best' ? 'bg-emerald-50 font-semibold text-emerald-800' : verdict === 'worst' ? 'bg-amber-50 text-amber-900' : 'text-slate-900'}`}
            >
              <FigureValue figure={figure} value={s.figures[figure]} />
              {levels?.[i] && <span className="text-xs text-slate-500"> ({capitalize(levels[i])})</span>}
              {verdict && <span className="text-xs"> {verdictMark(row, verdict)}</span>}
            </td>
          );
        })}
      </tr>
    );
  };
  const group = (title: string, figures: SessionFigure[]) => (
    <tbody>
      <tr>
        <th scope="rowgroup" colSpan={sessions.length + 1} className="pt-4 pb-1 text-left text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </th>
      </tr>
      {figures.map(figureRow)}
    </tbody>
  );
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4">
      <table className="w-full text-sm" data-testid="compare-table">
        <caption className="sr-only">The chosen sessions side by side; the best and worst value of each figure are marked.</caption>
        <thead>
          <tr>
            <td />
            {sessions.map((s) => (
              <th key={s.session.id} scope="col" className="px-3 pb-2 text-right align-bottom font-semibold text-slate-900">
                {s.session.title}
                <span className="block text-xs font-normal text-slate-500">{formatDate(s.session.createdAt)}</span>
              </th>
            ))}
          </tr>
        </thead>
        {group('Talk', TALK)}
        {group('What was said (share of utterances)', SHARES)}
        <tbody>
          <tr className="border-t border-slate-100">
            <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-700">
              Coaching style
            </th>
            {sessions.map((s) => (
              <td key={s.session.id} className="px-3 py-2 text-right text-slate-900">
                {s.coachingStyle}
              </td>
            ))}
          </tr>
        </tbody>
        {group('Scores (0–100) and levels', [...SKILL_CATEGORIES])}
      </table>
    </div>
  );
}
