/**
 * TypeORM's postgres driver answers `UPDATE … RETURNING` and `DELETE … RETURNING` with `[rows, affected]`,
 * but `INSERT … RETURNING` and `SELECT` with the rows alone. This reads either.
 */
export function returningRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
