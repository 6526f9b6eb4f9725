import type { Database } from '#api/db/client.ts';

type Session = { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown };

/**
 * Records the SQL of every statement the app runs on `db` outside transactions (drizzle prepares
 * each through its session), until `stop()`: for tests of how many queries an answer costs.
 */
export function recordStatements(db: Database) {
  const session = (db as unknown as { session: Session }).session;
  const own = Object.prototype.hasOwnProperty.call(session, 'prepareQuery');
  const original = session.prepareQuery;
  const statements: string[] = [];
  session.prepareQuery = function (this: Session, query, ...rest) {
    statements.push(query.sql);
    return original.call(this, query, ...rest);
  };
  return {
    statements,
    /** The statements that read `table` (its quoted name after FROM or JOIN). */
    reading: (table: string) =>
      statements.filter((sql) => new RegExp(`(from|join) "${table}"`, 'i').test(sql)),
    clear: () => statements.splice(0),
    stop: () => {
      if (own) session.prepareQuery = original;
      else delete (session as Partial<Session>).prepareQuery;
    },
  };
}
