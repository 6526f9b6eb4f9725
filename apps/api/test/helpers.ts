import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { databaseSessionStore } from '../src/plugins/session-store.ts';

export type TestApp = {
  app: FastifyInstance;
  handle: DatabaseHandle;
  mailDir: string;
  close(): Promise<void>;
};

/** A database of this test file's own, cloned from the seeded one global-setup made. */
async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (url && template) {
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Copies made at the same moment can collide on the template's lock: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ url: target.toString(), poolSize: 4 });
    return {
      handle,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const handle = await openDatabase({ loadDataDir: new Blob([dump]) });
  return { handle, drop: async () => {} };
}

export async function createTestApp(): Promise<TestApp> {
  const { handle, drop } = await openTestDatabase();
  const mailDir = await mkdtemp(join(tmpdir(), 'shop-mail-'));
  const mailer = createMailer({
    dataDir: mailDir,
    from: 'Shop <no-reply@example.com>',
    logger: { info: () => {}, error: () => {} },
  });
  const app = await buildApp({
    db: handle.db,
    sessionStore: databaseSessionStore(handle.db),
    mailer,
  });
  await app.ready();
  return {
    app,
    handle,
    mailDir,
    close: async () => {
      await app.close();
      await mailer.close();
      await handle.close();
      await drop();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

/** Cookies a response set, as `name=value` pairs for the next request. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    store(res: LightMyRequestResponse) {
      for (const c of res.cookies) {
        if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    },
    get: (name: string) => jar.get(name),
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}
