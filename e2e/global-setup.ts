import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { organizations } from '../apps/api/src/db/schema.ts';
import { seedDemoShop } from '../apps/api/src/seed/seed.ts';
import { answering, spawnShop, stopShop, type Shop } from './shop-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo shop, open to everyone. */
    baseURL: string;
    /** The same demo shop, closed (not visible): coming-soon for all but staff. */
    closedURL: string;
    /** Where the open shop writes its mails (.eml files, no SMTP configured). */
    mailDir: string;
  }
}

/** A data folder holding the demo shop, migrated and seeded in-process, then closed to the public. */
async function closedShopData(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    await seedDemoShop(handle.db, { mediaDir: join(dataDir, 'media') });
    await handle.db.update(organizations).set({ visible: false });
  } finally {
    await handle.close();
  }
}

/**
 * Two shops for the run: the open demo shop on an empty data folder (seeded by `npm start` itself)
 * and a closed one. The closed shop's database is prepared while the first one starts; its server
 * is spawned once the first answers, so that only one `npm start` ever (re)builds the storefront.
 */
export default async function setup(project: TestProject) {
  const openDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const closedDir = await mkdtemp(join(tmpdir(), 'shop-e2e-closed-'));
  let open: Shop | undefined;
  let closed: Shop | undefined;
  const teardown = async () => {
    await Promise.all([stopShop(open), stopShop(closed)]);
    for (const dir of [openDir, closedDir]) {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  };
  const closedData = closedShopData(closedDir);
  try {
    open = await spawnShop(openDir);
    await Promise.all([answering(open), closedData]);
    closed = await spawnShop(closedDir);
    await answering(closed);
  } catch (error) {
    // Let the in-process database finish before its folder goes.
    await closedData.catch(() => {});
    await teardown();
    throw error;
  }
  project.provide('baseURL', open.url);
  project.provide('closedURL', closed.url);
  project.provide('mailDir', join(openDir, 'mail'));
  return teardown;
}
