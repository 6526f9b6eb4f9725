// `npm run bench:seed` — how long a fresh shop's first start spends seeding (issue 13: demo
// pictures). Seeds an in-memory embedded database into a temporary media folder twice: with an
// empty picture cache (a machine's very first shop) and with the cache the first run filled (every
// later fresh shop, e.g. an e2e run). Prints the seed's own log lines plus wall and CPU time (CPU
// time, all threads, is the steadier figure on a shared machine). Figures only: nothing fails.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@shop/api/db';
import { seedDemoShop } from '@shop/api/seed';

const work = await mkdtemp(join(tmpdir(), 'bench-seed-'));
const imageCacheDir = join(work, 'cache');
try {
  for (const run of ['empty picture cache', 'filled picture cache']) {
    const handle = await openDatabase({});
    await handle.migrate();
    const started = performance.now();
    const cpu = process.cpuUsage();
    await seedDemoShop(handle.db, {
      mediaDir: join(work, `media-${run.split(' ')[0]}`),
      imageCacheDir,
      log: (m) => console.log(`  ${m}`),
    });
    const total = performance.now() - started;
    const used = process.cpuUsage(cpu);
    await handle.close();
    console.log(
      `seed with ${run}: ${Math.round(total)} ms wall, ` +
        `${Math.round((used.user + used.system) / 1000)} ms CPU ` +
        `(${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)})`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
