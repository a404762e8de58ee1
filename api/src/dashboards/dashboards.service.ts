import { Inject, Injectable } from '@nestjs/common';
import {
  ROLLING_WINDOW,
  SESSION_FIGURES,
  SKILL_CATEGORIES,
  SKILL_LEVELS,
  type CompareDto,
  type DevelopmentDto,
  type FigureDirection,
  type SkillCategory,
  type SkillLevel,
} from '@touchline/shared';
import { round, Errors } from '../common';
import { COMPARED_FIGURES, idealBand, RUBRIC, type Rubric } from '../analysis';
import { assessmentOf, rollingMeans, SessionFiguresRepository, verdicts } from '../figures';
import { mapSession, SessionsRepository } from '../sessions';
import type { UserEntity } from '../users';
import { meetsGoal } from './goal-evaluation';
import { GoalsRepository } from './goals.repository';
import { mapGoal, utcToday } from './goal.mapper';

/**
 * The Compare and Development dashboards over the caller's own analysed sessions. Plan gating of these
 * dashboards arrives with the plan catalogue; until then every registered coach may read their own.
 */
@Injectable()
export class DashboardsService {
  constructor(
    private readonly figures: SessionFiguresRepository,
    private readonly sessions: SessionsRepository,
    private readonly goals: GoalsRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  /** Two to four of the caller's analysed sessions side by side; another coach's session is "not found". */
  async compare(user: UserEntity, ids: string[]): Promise<CompareDto> {
    const [owned, rows] = await Promise.all([this.sessions.findOwnedMany(ids, user.id), this.figures.someByOwner(user.id, ids)]);
    if (owned.length !== ids.length) throw Errors.sessionNotFound();
    if (rows.length !== ids.length) throw Errors.notComparable();
    const compared = ids.map((id) => {
      const row = rows.find((r) => r.id === id)!;
      const assessed = assessmentOf(this.rubric, row);
      return { session: mapSession(owned.find((s) => s.id === id)!), ...assessed, segments: row.segments ?? [] };
    });
    return {
      sessions: compared,
      rows: SESSION_FIGURES.map((figure) => {
        const compareFigure = COMPARED_FIGURES.find((f) => f === figure);
        const direction: FigureDirection = compareFigure ? this.rubric.comparison.directions[compareFigure] : 'higher';
        const ideal = compareFigure && direction === 'ideal' ? idealBand(this.rubric, compareFigure) : null;
        return {
          figure,
          direction,
          ideal,
          verdicts: verdicts(
            direction,
            ideal,
            compared.map((c) => c.figures[figure]),
          ),
        };
      }),
    };
  }

  /** Every analysed session of the caller's over time, with rolling means, levels reached, goals and suggestions. */
  async development(user: UserEntity): Promise<DevelopmentDto> {
    const [rows, goals] = await Promise.all([this.figures.allByOwner(user.id), this.goals.listByOwner(user.id)]);
    const sessions = rows.map((row) => ({ row, date: new Date(row.created_at), ...assessmentOf(this.rubric, row) }));
    const rolling = rollingMeans(
      sessions.map((s) => s.figures),
      ROLLING_WINDOW,
    );
    const today = utcToday();
    return {
      points: sessions.map((s, i) => ({
        sessionId: s.row.id,
        title: s.row.title,
        date: s.date.toISOString(),
        figures: s.figures,
        rolling: rolling[i]!,
        levels: Object.fromEntries(s.scores.map((score) => [score.category, score.level])) as Record<SkillCategory, SkillLevel | null>,
        goals: goals.map((goal) => meetsGoal(goal, s.figures[goal.figure])),
      })),
      levelsReached: SKILL_CATEGORIES.map((category) => {
        let reached: { level: SkillLevel; sessionId: string; date: string } | null = null;
        for (const s of sessions) {
          const level = s.scores.find((score) => score.category === category)?.level ?? null;
          if (level && (!reached || SKILL_LEVELS.indexOf(level) > SKILL_LEVELS.indexOf(reached.level))) {
            reached = { level, sessionId: s.row.id, date: s.date.toISOString() };
          }
        }
        return { category, level: reached?.level ?? null, sessionId: reached?.sessionId ?? null, date: reached?.date ?? null };
      }),
      goals: goals.map((goal) => mapGoal(goal, sessions, today)),
      suggestions: this.suggestions(sessions.slice(-ROLLING_WINDOW).map((s) => s.figures)),
    };
  }

  /** The rubric's guidance for the category with the lowest mean score over the latest sessions. */
  private suggestions(recent: { [C in SkillCategory]: number | null }[]): DevelopmentDto['suggestions'] {
    let weakest: { category: SkillCategory; score: number } | null = null;
    for (const category of SKILL_CATEGORIES) {
      const scores = recent.map((f) => f[category]).filter((v): v is number => v !== null);
      if (!scores.length) continue;
      const score = round(scores.reduce((a, b) => a + b, 0) / scores.length, 1);
      if (!weakest || score < weakest.score) weakest = { category, score };
    }
    return weakest && { ...weakest, guidance: this.rubric.categories[weakest.category].guidance };
  }
}
