// The benchmark on PostgreSQL (`--database-url`): the catalogue in that database, and the CPU
// time of the database's server processes that serve our connections (they are not children of
// the benchmark, so the process groups of `groupsCpuSeconds` do not see them).
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** The generator's product slugs (apps/api/src/seed/catalogue-generator.ts). */
const SYNTHETIC_SLUG = 'synthetic-%';

export type PostgresCatalogue = 'reuse' | 'generate';

/**
 * What to do with the database at `url` for a catalogue of `products`: reuse it (with `--reuse`,
 * when it holds exactly that many generated products), or empty it and generate. Emptying drops
 * the `public` and `drizzle` schemas, so it is refused for a database that holds products but
 * none the generator made: that is a shop, not a benchmark database.
 */
export async function preparePostgres(
  url: string,
  products: number,
  reuse: boolean,
  say: (message: string) => void,
): Promise<PostgresCatalogue> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('public.products') IS NOT NULL AS exists`,
    );
    if (table.rows[0]?.exists) {
      const counted = await client.query<{ all: string; generated: string }>(
        `SELECT count(*) AS all, count(*) FILTER (WHERE slug LIKE $1) AS generated FROM products`,
        [SYNTHETIC_SLUG],
      );
      const all = Number(counted.rows[0]?.all ?? 0);
      const generated = Number(counted.rows[0]?.generated ?? 0);
      if (reuse && generated === products) {
        say(`catalogue (PostgreSQL): reusing ${products} products`);
        return 'reuse';
      }
      if (all > 0 && generated === 0)
        throw new Error(
          `${redacted(url)} holds ${all} products and none of a benchmark catalogue: ` +
            'give the benchmark a database of its own',
        );
      say(
        `catalogue (PostgreSQL): the database holds ${generated} generated products: emptying it`,
      );
    }
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
    return 'generate';
  } finally {
    await client.end();
  }
}

/** The URL without its password, for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database URL';
  }
}

/**
 * Reads the CPU time of the server processes of every connection to the database (but this
 * watcher's own), from /proc: PostgreSQL must run on this machine. Undefined when it cannot.
 */
export async function postgresWatcher(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  /** CPU seconds so far, per backend pid; a pid gone since is simply no longer read. */
  async function cpuByPid(): Promise<Map<number, number> | undefined> {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    const result = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        result.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        return undefined; // Not on this machine (or not readable).
      }
    }
    return result;
  }
  /** Starts counting; the answer gives the CPU seconds spent by the backends since. */
  const start = async () => {
    const before = await cpuByPid();
    return async (): Promise<number | undefined> => {
      const after = await cpuByPid();
      if (!before || !after) return undefined;
      let seconds = 0;
      // A connection opened during the load counts from zero.
      for (const [pid, cpu] of after) seconds += cpu - (before.get(pid) ?? 0);
      return seconds;
    };
  };
  return { start, close: () => client.end() };
}
