// `npm run bench:primary -- --database-url postgres://… [--workers 2] [--views 30]`
//
// Issue 26: the resident memory of a cluster's primary, which only supervises (decision 0060),
// beside its workers'. `node scripts/start.ts` with WEB_CONCURRENCY workers on the given
// PostgreSQL (an empty database is migrated and seeded by the first start), `--views` pages asked
// once it answers, then each process's VmRSS read from /proc. Prints figures only.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { freePort, launch, runMain, stopGroup, waitUntilAnswers } from './lib/processes.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    workers: { type: 'string', default: '2' },
    views: { type: 'string', default: '30' },
  },
});

const root = join(import.meta.dirname, '..');

/** VmRSS of one process in MiB, undefined once it is gone. */
async function rssMiB(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : undefined;
}

/** The pids of a process's children (Linux 3.5+). */
async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return tasks.split(/\s+/).filter(Boolean).map(Number);
}

await runMain('bench:primary', async () => {
  const databaseUrl = values['database-url'];
  if (!databaseUrl) throw new Error('--database-url is required (the primary needs PostgreSQL)');
  const port = await freePort();
  const shop = launch(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    // A production start of WEB_CONCURRENCY workers on this PostgreSQL alone (no Redis).
    env: {
      ...process.env,
      WEB_CONCURRENCY: values.workers,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(`${base}/health/ready`, shop, 300_000);
  for (let i = 0; i < Number(values.views); i++) {
    await (await fetch(`${base}/en/${i % 2 ? 'products/' : ''}`)).arrayBuffer();
  }
  // Let the collectors settle after the last page.
  await sleep(2_000);
  const primary = shop.child.pid!;
  const workers = await childrenOf(primary);
  const primaryRss = await rssMiB(primary);
  console.log(`workers: ${values.workers}, pages viewed: ${values.views}`);
  console.log(`primary (pid ${primary}): ${primaryRss?.toFixed(0)} MiB RSS`);
  for (const pid of workers) {
    console.log(`worker  (pid ${pid}): ${(await rssMiB(pid))?.toFixed(0)} MiB RSS`);
  }
  await stopGroup(shop.pgid, 40_000);
  return 0;
});
