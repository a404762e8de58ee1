import { queryOptions, useQuery } from '@tanstack/react-query';
import { TEAM_PATHS, type TeamSessionReportDto } from '@touchline/shared';
import { getJson } from '@/lib/api-client';

/** A team member's session report, for the team's admins (read-only). */
export const teamReportQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: [TEAM_PATHS.sessionReport(sessionId)], queryFn: () => getJson<TeamSessionReportDto>(TEAM_PATHS.sessionReport(sessionId)) });

export const useTeamReport = (sessionId: string) => useQuery(teamReportQueryOptions(sessionId));

/** A short-lived URL of the member's recording, for the read-only report's player. */
export const useTeamMedia = (sessionId: string) =>
  useQuery({ queryKey: [TEAM_PATHS.sessionMedia(sessionId)], queryFn: () => getJson<{ url: string }>(TEAM_PATHS.sessionMedia(sessionId)) });
