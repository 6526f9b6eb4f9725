import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { organizations } from '../apps/api/src/db/schema.ts';
import { seedDemoShop } from '../apps/api/src/seed/seed.ts';

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

const root = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

type Shop = { child: ChildProcess; url: string };

/** `npm start` exactly as a user runs it, on a free port and the given data folder. */
async function spawnShop(dataDir: string): Promise<Shop> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      // Vitest sets NODE_ENV=test for itself; the shop must build and run as users get it.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every browser test comes from one address: the per-address limit would refuse them.
      RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function answering({ child, url }: Shop): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/en/api/core/languages/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('npm start did not answer within 180 s');
    await new Promise((r) => setTimeout(r, 250));
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

function stop(shop: Shop | undefined) {
  if (shop?.child.pid && shop.child.exitCode === null) {
    try {
      process.kill(-shop.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
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
    stop(open);
    stop(closed);
    const running = [open, closed].filter(
      (shop) => shop !== undefined && shop.child.exitCode === null,
    );
    await Promise.all(
      running.map(
        (shop) =>
          new Promise((resolve) => {
            shop?.child.once('exit', resolve);
            setTimeout(resolve, 5_000);
          }),
      ),
    );
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
