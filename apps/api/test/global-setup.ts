import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoShop } from '../src/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated and seeded data directory each test file clones. */
    pgliteDump: string;
    /** PostgreSQL: a migrated and seeded database each test file copies as a template. */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds once per run (opening PGlite and seeding cost seconds); every test file then
 * starts from its own copy, so tests can write without seeing each other.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `shop_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = await openDatabase({ url: target.toString(), poolSize: 2 });
    await handle.migrate();
    await seedDemoShop(handle.db);
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const handle = await openDatabase({});
  await handle.migrate();
  await seedDemoShop(handle.db);
  const dump = await handle.dump?.();
  await handle.close();
  if (!dump) throw new Error('PGlite dump unavailable');
  const file = join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
