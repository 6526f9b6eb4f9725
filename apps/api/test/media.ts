import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type AppOptions } from '../src/app.ts';
import { databaseSessionStore } from '../src/plugins/session-store.ts';
import { quietMailer, type TestContext } from './helpers.ts';

/**
 * Folders of one test file's own (`prefix` names them in the system's temporary folder), all
 * removed after its last test. Call it at the top of the file; the answer makes a new one.
 */
export function useTempDirs(prefix: string): () => Promise<string> {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    dirs.push(dir);
    return dir;
  };
}

/**
 * Another machine of the shop for the span of `use`: an app on the test app's database with a
 * media directory of its own, empty (what it serves comes from the database), closed after.
 */
export async function withOtherMachine<T>(
  t: TestContext,
  tempDir: () => Promise<string>,
  use: (other: FastifyInstance, mediaDir: string) => Promise<T>,
  options: Pick<AppOptions, 'changeCheckMs'> = {},
): Promise<T> {
  const mediaDir = await tempDir();
  const mailer = quietMailer(await tempDir());
  const other = await buildApp({
    db: t.handle.db,
    sessionStore: databaseSessionStore(t.handle.db),
    mailer,
    mediaDir,
    ...options,
  });
  try {
    return await use(other, mediaDir);
  } finally {
    await other.close();
    await mailer.close();
  }
}
