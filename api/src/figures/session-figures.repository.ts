import { Injectable } from '@nestjs/common';
import { type AnalysisFigures, AnalysesRepository } from '../analysis';
import { SessionsRepository } from '../sessions';

/** One analysed session's figures, with the session's title and date. */
export interface FigureRow extends AnalysisFigures {
  owner_id: string;
  title: string;
  created_at: Date;
}

/**
 * Reads analysed sessions for the dashboards and a team's views; it writes nothing and owns no table. The sessions come from their
 * own repository, the figures from the analyses'; a session deleted between the two reads has lost its analysis
 * and is left out.
 */
@Injectable()
export class SessionFiguresRepository {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly analyses: AnalysesRepository,
  ) {}

  /** Every analysed session of the owner's, oldest first. */
  allByOwner(ownerId: string): Promise<FigureRow[]> {
    return this.figuresOf([ownerId], undefined, false);
  }

  /** Every analysed session of any of the owners (a team's members), oldest first, read for all of them at once. */
  allByOwners(ownerIds: string[]): Promise<FigureRow[]> {
    return this.figuresOf(ownerIds, undefined, false);
  }

  /** The owner's analysed sessions among `ids`, with their speech segments; others' and unfinished ones are absent. */
  someByOwner(ownerId: string, ids: string[]): Promise<FigureRow[]> {
    return this.figuresOf([ownerId], ids, true);
  }

  private async figuresOf(ownerIds: string[], ids: string[] | undefined, withSegments: boolean): Promise<FigureRow[]> {
    const sessions = await this.sessions.completedByOwners(ownerIds, ids);
    if (sessions.length === 0) return [];
    const figures = await this.analyses.findFigures(
      sessions.map((s) => s.id),
      withSegments,
    );
    const byId = new Map(figures.map((f) => [f.id, f]));
    const rows: FigureRow[] = [];
    for (const s of sessions) {
      const f = byId.get(s.id);
      if (f) rows.push(Object.assign(f, { owner_id: s.ownerId, title: s.title, created_at: s.createdAt }));
    }
    return rows;
  }
}
