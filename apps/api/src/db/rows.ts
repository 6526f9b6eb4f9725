/** The rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  return Array.isArray(rows) ? (rows as T[]) : [];
}
