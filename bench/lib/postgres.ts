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

/** utime+stime, cutime+cstime (seconds) and the parent's pid of a process, from /proc. */
async function procTimes(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state, ppid, … utime (12th), stime,
  // cutime, cstime: in clock ticks of 1/100 s.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = (i: number) => Number(fields[i]) / 100;
  return { own: ticks(11) + ticks(12), reaped: ticks(13) + ticks(14), parent: Number(fields[1]) };
}

/**
 * Reads the CPU time of the server processes of every connection to the database (but this
 * watcher's own), from /proc: PostgreSQL must run on this machine. Undefined when it cannot.
 *
 * A statement's parallel workers live for that statement alone, so reading the backends alive at
 * the start and the end of a scenario misses them (a plan with three workers looked 40 % cheaper
 * than it was, bench/README.md). Their time is found where the kernel puts a child's time once
 * its parent has waited for it: the postmaster's `cutime`. Its growth during the scenario, less
 * what our backends that ended meanwhile had spent before it, is added. That growth holds every
 * PostgreSQL process that ended meanwhile, ours or not (autovacuum workers, other databases'
 * connections): exact on a server only the benchmark uses, an upper bound on a shared one.
 */
export async function postgresWatcher(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const self = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = await procTimes(Number(self.rows[0]?.pid))
    .then((me) => me.parent)
    .catch(() => undefined);
  type Reading = { backends: Map<number, number>; reaped: number };
  /** CPU seconds so far, per backend pid, and the postmaster's reaped children's. */
  async function read(): Promise<Reading | undefined> {
    if (postmaster === undefined) return undefined;
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    const backends = new Map<number, number>();
    try {
      const reaped = (await procTimes(postmaster)).reaped;
      for (const { pid } of rows) {
        // A backend that ended between the query and here is counted through `reaped` instead.
        const times = await procTimes(pid).catch(() => undefined);
        if (times) backends.set(pid, times.own);
      }
      return { backends, reaped };
    } catch {
      return undefined; // Not on this machine (or not readable).
    }
  }
  /** Starts counting; the answer gives the CPU seconds spent by the backends since. */
  const start = async () => {
    const before = await read();
    return async (): Promise<number | undefined> => {
      const after = await read();
      if (!before || !after) return undefined;
      let seconds = after.reaped - before.reaped;
      // A connection opened during the load counts from zero.
      for (const [pid, cpu] of after.backends) seconds += cpu - (before.backends.get(pid) ?? 0);
      // One that ended is in `reaped` with its whole life: less what it had spent before.
      for (const [pid, cpu] of before.backends) if (!after.backends.has(pid)) seconds -= cpu;
      return seconds;
    };
  };
  return { start, close: () => client.end() };
}
