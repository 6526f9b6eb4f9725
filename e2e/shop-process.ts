import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DRAIN_GRACE_MS } from '../apps/server/src/drain.ts';

/*
 * `npm start` as a user runs it, for tests that need the whole shop in its own process: the
 * browser suite's shops (global-setup.ts) and tests that start a shop of their own (a low
 * request limit, a database or Redis behind a proxy the test cuts).
 */

const root = join(import.meta.dirname, '..');

/** Whether `port` on 127.0.0.1 can be listened on now (0: any free port); answers the port. */
const listenable = (port: number) =>
  new Promise<number | null>((resolve) => {
    const server = createServer();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });

/**
 * A port nobody listens on: any free one, or one of `SHOP_PORT_RANGE` (`4100-4199`) when set, for
 * a machine shared by people who each keep to a range of ports.
 */
export const freePort = async (): Promise<number> => {
  const range = /^(\d+)-(\d+)$/.exec(process.env.SHOP_PORT_RANGE ?? '');
  if (!range) {
    const port = await listenable(0);
    if (port === null) throw new Error('no port');
    return port;
  }
  const [from, to] = [Number(range[1]), Number(range[2])];
  // A random start, so that the files running side by side do not all try the same ports.
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    if ((await listenable(port)) !== null) return port;
  }
  throw new Error(`no free port in ${process.env.SHOP_PORT_RANGE}`);
};

export type Shop = { child: ChildProcess; url: string };

/**
 * `npm start` on a free port and the given data folder, on the embedded database and without
 * Redis unless `env` says otherwise.
 */
export async function spawnShop(
  dataDir: string,
  env: Record<string, string> = {},
  /** A port found beforehand (freePort), when `env` must name it (PUBLIC_URL). */
  port?: number,
): Promise<Shop> {
  port ??= await freePort();
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
      // The whole browser suite signs up and mails links from 127.0.0.1: more than a day's shoppers
      // of one address (the limit itself is tested in apps/api, auth-limits.test.ts).
      AUTH_LIMIT_PER_ADDRESS: '200',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Waits until the shop answers (it may build the storefront first). */
export async function answering({ child, url }: Shop, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health/live`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`npm start did not answer within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * SIGTERM to the shop's process group (npm and the node it started); waits for it to exit, as
 * long as the shop's own drain may take, then kills what is left, so that no shop outlives its
 * test (holding its port, its data folder or its database connections).
 */
export async function stopShop(shop: Shop | undefined): Promise<void> {
  const child = shop?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DRAIN_GRACE_MS + 5_000);
    }),
  ]);
  clearTimeout(timer);
  if (!drained) {
    signal('SIGKILL');
    await exited;
  }
}
