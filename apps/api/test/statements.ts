import type { Database } from '#api/db/client.ts';

type Client = { query: (query: string | { text: string }, ...rest: unknown[]) => unknown };

/**
 * Records the SQL of every statement the app runs on `db` outside transactions (drizzle sends
 * each through its session's client, prepared or not), until `stop()`: for tests of how many
 * queries an answer costs.
 */
export function recordStatements(db: Database) {
  const client = (db as unknown as { session: { client: Client } }).session.client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: Client, query, ...rest) {
    statements.push(typeof query === 'string' ? query : query.text);
    return original.call(this, query, ...rest);
  };
  return {
    statements,
    /** The statements that read `table` (its quoted name after FROM or JOIN). */
    reading: (table: string) =>
      statements.filter((sql) => new RegExp(`(from|join) "${table}"`, 'i').test(sql)),
    clear: () => statements.splice(0),
    stop: () => {
      if (own) client.query = original;
      else delete (client as Partial<Client>).query;
    },
  };
}
