/** PostgreSQL's SQLSTATE for a unique index refusing a row: the race-free way to learn a value is taken. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
