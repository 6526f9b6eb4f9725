import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import type { CheckoutBody } from '@shop/contract';
import * as schema from '../../api/src/db/schema.ts';
import type {} from '../../api/test/global-setup.ts';
import { checkoutBody } from '../../api/test/shopper.ts';

/** A PostgreSQL database of one test file's own, for the shop processes it starts. */
export type ScratchDatabase = {
  /** Its name on the server (for a connection string through a proxy). */
  name: string;
  /** Its connection string, for the shops' DATABASE_URL. */
  url: string;
  /** The test's own connection to it: what it reads and changes as psql would. */
  client: pg.Client;
  /** A valid checkout body for a shopper of this database (api/test/shopper.ts checkoutBody). */
  checkout(overrides?: Partial<CheckoutBody>): Promise<CheckoutBody>;
  /** Closes the test's connection and drops the database, cutting whoever is still on it. */
  drop(): Promise<void>;
};

/**
 * A new database named `prefix_…` on the server of `serverUrl`: a copy of the suite's migrated
 * and seeded one (global-setup's template), or `empty` for a shop to migrate and seed itself.
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
  contents: 'seeded' | 'empty' = 'seeded',
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = contents === 'seeded' ? ` TEMPLATE ${inject('pgTemplate')}` : '';
  await admin.query(`CREATE DATABASE ${name}${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    name,
    url: url.toString(),
    client,
    checkout: (overrides) =>
      checkoutBody(drizzle({ client, schema, casing: 'snake_case' }), overrides),
    drop: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
