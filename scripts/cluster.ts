// `npm run cluster`: the shop as it runs on several machines, on one: nginx (deploy/nginx, its
// configuration generated in a folder of its own, no root needed) in front of two or more shop
// processes on PostgreSQL and Redis. Each process runs WEB_CONCURRENCY workers (1 unless set).
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--processes 2] [--port 8080]
//
// nginx listens on --port, the processes on the ports after it. Ctrl-C (or SIGTERM) stops the
// processes gracefully and nginx after them.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-if-stale.ts';
import { findNginx, startNginx } from './nginx.ts';

const root = join(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
  },
});
const processes = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(processes) || processes < 2 || processes > 16) {
  console.error('--processes: 2 to 16');
  process.exit(2);
}
if (!Number.isInteger(port) || port < 1 || port + processes > 65_535) {
  console.error('--port: a free port, with as many free ports after it as processes');
  process.exit(2);
}
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error('npm run cluster needs DATABASE_URL and REDIS_URL: the processes share both.');
  process.exit(2);
}
const nginx = findNginx();
if (!nginx) {
  console.error('nginx not found: apt-get install nginx (or set NGINX to its path).');
  process.exit(2);
}

buildIfStale();

const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  // nginx is the proxy whose X-Forwarded-* the processes believe.
  TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
  PUBLIC_URL: publicUrl,
  // One key for all, else each process refuses the others' CSRF tokens and signed links.
  SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('base64url'),
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
  NODE_ENV: process.env.NODE_ENV ?? 'production',
};

const ports = Array.from({ length: processes }, (_, i) => port + 1 + i);
let stopping = false;
const shops: ChildProcess[] = ports.map((shopPort) => {
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(shopPort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`shop process on ${shopPort} exited (${code ?? signal})`);
  });
  return child;
});

async function ready(shopPort: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${shopPort}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (stopping) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
const proxy = await startNginx({ dir, port, upstreams: ports }, nginx);
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
await Promise.all(ports.map(ready));
if (!stopping) {
  console.log(`Shop on ${publicUrl} (nginx on ${port}, processes on ${ports.join(', ')})`);
  console.log(`nginx configuration, logs and pid: ${dir}`);
}

async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    shops.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await proxy.stop();
  process.exit(0);
}
