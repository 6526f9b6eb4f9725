// A cluster of two shop workers for the metrics test (lib/metrics.test.ts): the primary wires
// startMetricsPrimary, as the cluster start-up is to, and only supervises; each worker builds
// the whole API on the database given (a PostgreSQL URL, or a PGlite dump each loads for
// itself) and listens on the port they share. Prints `{"port": n}` once both listen; SIGTERM
// stops the workers, then the primary. SIGUSR2 makes the primary stop answering the workers'
// asks for the metrics, as a stuck primary would (prints `{"primary": "stuck"}`), and the next
// one makes it answer again (`{"primary": "answering"}`).
//
//     node apps/api/test/metrics-cluster.ts <postgres://… | /path/to/pglite.tar>
import cluster from 'node:cluster';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { startMetricsPrimary } from '../src/lib/metrics.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { databaseSessionStore } from '../src/plugins/session-store.ts';

const WORKERS = 2;
const source = process.argv[2] ?? '';

if (cluster.isPrimary) {
  let metricsPrimary: ReturnType<typeof startMetricsPrimary> | null = startMetricsPrimary();
  process.on('SIGUSR2', () => {
    if (metricsPrimary) {
      metricsPrimary.stop();
      metricsPrimary = null;
      console.log(JSON.stringify({ primary: 'stuck' }));
    } else {
      metricsPrimary = startMetricsPrimary();
      console.log(JSON.stringify({ primary: 'answering' }));
    }
  });
  const listening = new Set<number>();
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (listening.size === WORKERS) console.log(JSON.stringify({ port: address.port }));
  });
  cluster.on('exit', (worker, code) => {
    if (code !== 0) console.error(`worker ${worker.id} exited with ${code}`);
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
  for (let i = 0; i < WORKERS; i++) cluster.fork();
} else {
  const handle = source.startsWith('postgres')
    ? await openDatabase({ url: source, poolSize: 2 })
    : await openDatabase({ loadDataDir: new Blob([await readFile(source)]) });
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-cluster-'));
  const app = await buildApp({
    db: handle.db,
    sessionStore: databaseSessionStore(handle.db),
    mailer: createMailer({
      dataDir,
      from: 'Shop <no-reply@example.com>',
      logger: { info: () => {}, error: () => {} },
    }),
    requestRateLimit: { max: 0, windowMs: 60_000 },
  });
  // Port 0 in a worker: the primary picks one port, and every worker shares it.
  await app.listen({ port: 0, host: '127.0.0.1' });
}
