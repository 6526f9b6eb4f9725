import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The driver-independent database: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to clone a migrated database in tests. */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * pg_trgm's `<%` threshold on every connection: a short misspelt word ('lnen') scores about 0.4
 * against its word, and pg_trgm's default 0.6 would miss it. A connection setting rather than a
 * `SET LOCAL` per search, so a search is one statement (no transaction around it).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/** Longest a query may run before PostgreSQL cancels it (DB_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** PostgreSQL cancels a longer query (57014, answered 503); 0 turns it off. */
      statementTimeoutMs?: number;
    }
  /** dataDir undefined = in memory. */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url !== undefined) {
    const timeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Set on every pool connection at connect time, so no query (one of ours or a slow plan)
      // holds a connection longer; the cancelled query's connection goes back to the pool.
      // PGlite has no such timer (docs/decisions/0018-bounded-work.md).
      options: [
        `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
        ...(timeout > 0 ? [`-c statement_timeout=${Math.floor(timeout)}`] : []),
      ].join(' '),
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server drops (restart, failover, a dropped test database) is
    // replaced by the pool; without a listener node-postgres would crash the process instead.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    // Fail fast with a clear error instead of on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite is one session: set once.
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}
