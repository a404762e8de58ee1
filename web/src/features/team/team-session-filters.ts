import type { TeamSessionQuery } from '@touchline/shared';
import { readSessionFilters, sessionQueryString, type SessionFilters } from '@/lib/session-filters';

/** Team Sessions' filters: the sessions list's, plus one coach of the team. */
export interface TeamSessionFilters extends SessionFilters {
  coachId?: string;
}

export function readTeamSessionFilters(params: URLSearchParams): TeamSessionFilters {
  return { ...readSessionFilters(params), coachId: params.get('coachId') || undefined };
}

/** The query string of `GET /api/team/sessions` (and of the page's URL), without the API's defaults. */
export function teamSessionQueryString(query: TeamSessionQuery): string {
  const params = new URLSearchParams(sessionQueryString(query));
  if (query.coachId) params.set('coachId', query.coachId);
  const text = params.toString();
  return text ? `?${text}` : '';
}
