/** PostgreSQL's SQLSTATE for a unique index refusing a row: the race-free way to learn a value is taken. */
/** The SQLSTATE the users trigger raises when the last Elite Admin of a team with other members would leave Elite. */
export function isLastTeamAdmin(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'TL409';
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
