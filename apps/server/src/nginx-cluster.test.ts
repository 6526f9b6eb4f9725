// Issue 26, a real balancer: Debian's nginx with the shipped configuration (deploy/nginx, around
// it only what scripts/nginx.ts generates for a folder without root) in front of two shop
// processes (`npm start`) on one PostgreSQL and one Redis, as `npm run cluster` runs them.
// - A whole purchase through nginx, its requests spread over both processes: register, confirm
//   with the mailed link, log in, cart, order, dashboard.
// - A change made on one process is seen on the other.
// - A rolling restart: each process in turn gets SIGTERM and starts again while 20 connections
//   keep sending pages, API reads and cart writes through nginx; not one answer fails.
// Skipped without DATABASE_URL, REDIS_URL or nginx (`.ci/run` installs it).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../../scripts/build-if-stale.ts';
import { findNginx, startNginx, upstreamFor, type RunningNginx } from '../../../scripts/nginx.ts';
import { answering, freePort, type Shop } from '../../../e2e/shop-process.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const nginxPath = findNginx();
/** shop.conf's fail_timeout. */
const FAIL_TIMEOUT_MS =
  Number(/fail_timeout=(\d+)s/.exec(upstreamFor([1]))?.[1] ?? Number.NaN) * 1000;

type Answer = { status: number; text: string };

/**
 * A browser's User-Agent. Node's own ("node") is a bot's to the storefront (isbot), and a bot's
 * page is sent only once every deferred section has rendered, or cut with a 500 after the stream
 * timeout (6 s; entry.server.tsx): at load 20, with one process taking all the load while the
 * other restarts, the home page's sections took longer, and the test counted those 500s against
 * the restart. A shopper's browser gets the page as soon as its shell is ready, as here.
 */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';

/** A browser's cookie jar and CSRF token, sending to any base (nginx, or one process directly). */
class Client {
  private readonly jar = new Map<string, string>();

  async send(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const token = this.jar.get('csrftoken');
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'user-agent': BROWSER,
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(token && method !== 'GET' ? { 'x-csrftoken': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' && path.endsWith('/orders/')
          ? { 'idempotency-key': randomUUID() }
          : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: res.status, text: await res.text() };
  }
}

/** The token of the confirmation link mailed to `to` (the mail files of the shared DATA_DIR). */
async function confirmToken(dataDir: string, to: string): Promise<string> {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const file of (await readdir(dir).catch(() => [])).sort().reverse()) {
      const raw = await readFile(join(dir, file), 'utf8');
      if (!raw.includes(`To: ${to}`)) continue;
      // Quoted-printable: soft line breaks and the encoded '='.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /\/account\/confirm-email\/\?token=([\w-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    // The mail goes out after the answer.
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation link mailed to ${to}`);
}

/**
 * `node scripts/start.ts` (what `npm start` runs) as systemd's unit runs the shop: the process
 * itself, so that its exit is the shop's, after its drain (npm exits at once on SIGTERM, while
 * the shop still drains). Output and environment as e2e/shop-process.ts's spawnShop.
 */
function startShop(port: number, env: Record<string, string>): Shop {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: join(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      AUTH_LIMIT_PER_ADDRESS: '200',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** SIGTERM to a shop; resolves with its exit code (or signal) once it drained and exited. */
async function terminate(shop: Shop): Promise<number | string> {
  const { child } = shop;
  if (child.exitCode !== null || child.signalCode !== null) {
    return child.exitCode ?? child.signalCode ?? 'gone';
  }
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'gone')),
  );
  child.kill('SIGTERM');
  return exited;
}

/** Until `/health/ready` of the process says 200. */
async function ready(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/health/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

describe.skipIf(!DATABASE_URL || !REDIS_URL || !nginxPath)(
  'two shop processes behind nginx',
  () => {
    let database: ScratchDatabase;
    let dataDir = '';
    let nginxDir = '';
    let nginx: RunningNginx;
    let ports: number[] = [];
    const shops: Shop[] = [];
    let shopEnv: Record<string, string> = {};
    /** The rolling restart's load runs while this holds. */
    let running = false;
    const direct = (i: number) => `http://127.0.0.1:${ports[i]}`;

    /** The upstream of each request nginx logged so far, by its path. */
    const upstreamsOf = async (match: (line: string) => boolean) =>
      (await readFile(nginx.accessLog, 'utf8'))
        .split('\n')
        .filter(match)
        .map((line) => line.split(' ')[3]);

    /** Until nginx's access log shows a request answered 200 by `port` after offset `since`. */
    const servedThroughNginx = async (port: number, since: number) => {
      const deadline = Date.now() + (FAIL_TIMEOUT_MS + 5_000);
      while (Date.now() < deadline) {
        const lines = (await readFile(nginx.accessLog, 'utf8')).slice(since).split('\n');
        if (lines.some((line) => line.endsWith(` 127.0.0.1:${port} 200`))) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`nginx sent nothing to ${port} within fail_timeout and 5 s`);
    };

    beforeAll(async () => {
      database = await scratchDatabase(DATABASE_URL!, 'shop_nginx');
      // One machine's processes share their DATA_DIR (the mail files, generated media).
      dataDir = await mkdtemp(join(tmpdir(), 'shop-nginx-data-'));
      nginxDir = await mkdtemp(join(tmpdir(), 'shop-nginx-'));
      const nginxPort = await freePort();
      ports = [await freePort(), await freePort()];
      shopEnv = {
        DATABASE_URL: database.url,
        REDIS_URL: REDIS_URL ?? '',
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: '127.0.0.1',
        // One key for both, as the environment file template says.
        SECRET_KEY: randomBytes(32).toString('base64url'),
        WEB_CONCURRENCY: '1',
        // While one process restarts, the other takes all 20 connections of the rolling
        // restart's load: with a pool of 10, half of them waited for a database connection, and
        // on a busy machine past the pool's 2 s (503, outage.test.ts's subject, not this one's).
        DATABASE_POOL_SIZE: '20',
        LOG_LEVEL: 'error',
      };
      // Built once before both start (two starts would both build a stale storefront).
      buildIfStale();
      shops.push(...ports.map((port) => startShop(port, { DATA_DIR: dataDir, ...shopEnv })));
      await Promise.all(shops.map((shop) => answering(shop, 120_000)));
      nginx = await startNginx({ dir: nginxDir, port: nginxPort, upstreams: ports }, nginxPath);
    }, 240_000);

    afterAll(async () => {
      running = false;
      await Promise.all(shops.map((shop) => terminate(shop)));
      await nginx?.stop();
      await database?.drop();
      for (const dir of [dataDir, nginxDir]) {
        if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      }
    }, 60_000);

    it('drives a purchase through nginx over both processes', async () => {
      const [product] = (
        await database.client.query<{ id: number }>(
          `UPDATE products SET stock = 1000 WHERE id = (SELECT id FROM products
           WHERE active AND parent_id IS NULL ORDER BY id LIMIT 1) RETURNING id`,
        )
      ).rows;

      const shopper = new Client();
      const email = `nginx-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'Lantern-Falcon-42';
      const shop = nginx.url;
      expect((await shopper.send(shop, 'GET', '/en/api/accounts/login/')).status).toBe(200);
      const registered = await shopper.send(shop, 'POST', '/en/api/accounts/register/', {
        email,
        password,
        firstName: 'Greta',
        lastName: 'Lindqvist',
      });
      expect(registered.status, registered.text).toBe(201);
      const token = await confirmToken(dataDir, email);
      const confirmed = await shopper.send(shop, 'POST', '/en/api/accounts/confirm_email/', {
        token,
      });
      expect(confirmed.status, confirmed.text).toBe(200);
      const login = await shopper.send(shop, 'POST', '/en/api/accounts/login/', {
        email,
        password,
      });
      expect(login.status, login.text).toBe(200);
      const added = await shopper.send(
        shop,
        'POST',
        `/en/api/sales/cart_products/${product!.id}/add/`,
        {
          quantity: 2,
          ref: 'product',
        },
      );
      expect(added.status, added.text).toBe(200);
      const cart = await shopper.send(shop, 'GET', '/en/api/sales/cart_products/');
      expect(cart.text).toContain(`"quantity":2`);
      const order = await shopper.send(
        shop,
        'POST',
        '/en/api/sales/orders/',
        await database.checkout({ email, firstName: 'Greta', lastName: 'Lindqvist' }),
      );
      expect(order.status, order.text).toBe(201);
      const orderId = (JSON.parse(order.text) as { id: number }).id;
      const orders = await shopper.send(shop, 'GET', '/en/api/sales/orders/');
      expect(orders.status).toBe(200);
      expect(orders.text).toContain(`"id":${orderId}`);
      const dashboard = await shopper.send(shop, 'GET', '/en/account/dashboard/my-orders/');
      expect(dashboard.status).toBe(200);
      expect(dashboard.text).toContain('Greta');

      // Round robin: the shopper's calls went to both processes, each taking a share.
      const served = await upstreamsOf((line) => / \/en\/(api|account)\//.test(line));
      for (const port of ports) {
        expect(served.filter((u) => u === `127.0.0.1:${port}`).length).toBeGreaterThanOrEqual(3);
      }
    });

    it('sees on one process a change made on the other', async () => {
      const shopper = new Client();
      await shopper.send(direct(0), 'GET', '/en/api/accounts/login/');
      const login = await shopper.send(direct(0), 'POST', '/en/api/accounts/login/', {
        email: 'shopper@example.com',
        password: 'demo1234',
      });
      expect(login.status, login.text).toBe(200);
      // The session made on the first is the second's too (Redis), and so is a change of name
      // (PostgreSQL).
      const renamed = await shopper.send(direct(1), 'PATCH', '/en/api/accounts/user_info/', {
        firstName: 'Hedwig',
      });
      expect(renamed.status, renamed.text).toBe(200);
      const info = await shopper.send(direct(0), 'GET', '/en/api/accounts/user_info/');
      expect(JSON.parse(info.text)).toMatchObject({ firstName: 'Hedwig' });
      // A cart line put in on the first is in the cart the second shows.
      const [product] = (
        await database.client.query<{ id: number }>(
          `SELECT id FROM products WHERE active AND parent_id IS NULL AND stock > 3
          ORDER BY id DESC LIMIT 1`,
        )
      ).rows;
      const added = await shopper.send(
        direct(0),
        'POST',
        `/en/api/sales/cart_products/${product!.id}/add/`,
        {
          quantity: 3,
          ref: 'product',
        },
      );
      expect(added.status, added.text).toBe(200);
      const cart = await shopper.send(direct(1), 'GET', '/en/api/sales/cart_products/');
      expect(cart.text).toContain(`"quantity":3`);
      // Logged out on the second: the first no longer knows the session.
      expect((await shopper.send(direct(1), 'POST', '/en/api/accounts/logout/')).status).toBe(204);
      expect((await shopper.send(direct(0), 'GET', '/en/api/accounts/user_info/')).status).toBe(
        401,
      );
    });

    it('answers every request while each process in turn is stopped and started again', async () => {
      const products = (
        await database.client.query<{ id: number }>(
          `UPDATE products SET stock = 100000 WHERE id IN (SELECT id FROM products
           WHERE active AND parent_id IS NULL ORDER BY id LIMIT 5) RETURNING id`,
        )
      ).rows.map((r) => r.id);
      const failures: string[] = [];
      let answered = 0;
      running = true;
      let phase = 'before';
      const before = (await readFile(nginx.accessLog, 'utf8')).split('\n').length - 1;

      // 20 connections, each a visitor going round: a page, two API reads and a cart write.
      const load = Array.from({ length: 20 }, async (_, i) => {
        const visitor = new Client();
        for (let round = 0; running; round++) {
          const product = products[(i + round) % products.length]!;
          const steps: [string, string, unknown?][] = [
            ['GET', '/en/'],
            ['GET', '/en/api/products/products/'],
            ['GET', `/en/api/products/products/${product}/`],
            [
              'POST',
              `/en/api/sales/cart_products/${product}/add/`,
              { quantity: 1, ref: 'product' },
            ],
          ];
          for (const [method, path, body] of steps) {
            try {
              const { status, text } = await visitor.send(nginx.url, method, path, body);
              if (status === 200) answered++;
              else failures.push(`${phase} ${method} ${path}: ${status} ${text.slice(0, 20)}`);
            } catch (error) {
              failures.push(
                `${phase} ${method} ${path}: ${String((error as Error).cause ?? error)}`,
              );
            }
          }
        }
      });

      const pids: number[] = [];
      const ends: (number | string)[] = [];
      try {
        await new Promise((r) => setTimeout(r, 1_000));
        for (let i = 0; i < shops.length; i++) {
          pids.push(shops[i]!.child.pid!);
          phase = `stopping ${i}`;
          ends.push(await terminate(shops[i]!));
          phase = `starting ${i}`;
          shops[i] = startShop(ports[i]!, { DATA_DIR: dataDir, ...shopEnv });
          await answering(shops[i]!, 120_000);
          const since = (await readFile(nginx.accessLog, 'utf8')).length;
          await ready(direct(i));
          phase = `ready ${i}`;
          // nginx took the process out when it refused connections (passive health) and sends
          // it requests again only fail_timeout after the last refusal (counted in whole
          // seconds). Stopping the next one before leaves nginx no live upstream: 502 for all.
          // An operator waits fail_timeout and a second (docs/deploy.md); the test watches.
          await servedThroughNginx(ports[i]!, since);
        }
        await new Promise((r) => setTimeout(r, 1_000));
      } finally {
        running = false;
        await Promise.all(load);
      }

      // Each stopped by its drain, exit 0.
      expect(ends).toEqual([0, 0]);
      // nginx's own account of any failure (which process, refused or reset).
      const errors = (await readFile(join(nginxDir, 'error.log'), 'utf8')).slice(-4000);
      expect(failures, errors).toEqual([]);
      expect(answered).toBeGreaterThan(200);
      expect(shops.map((s) => s.child.pid)).not.toContain(pids[0]);
      // Both new processes took a share of the load.
      const lines = (await readFile(nginx.accessLog, 'utf8')).split('\n').slice(before);
      for (const port of ports) {
        expect(lines.filter((line) => line.includes(`127.0.0.1:${port}`)).length).toBeGreaterThan(
          0,
        );
      }
    }, 180_000);
  },
);
