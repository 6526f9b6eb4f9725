// `npm run seed`: migrates the configured database and writes the demo shop if it is empty
// (the same thing `npm start` does on first start), without starting the server.
import { join, resolve } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { EnvError, loadEnv } from '../apps/api/src/env.ts';
import { seedDemoShop } from '../apps/api/src/seed/seed.ts';

try {
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const handle = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL })
    : await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await handle.migrate();
  const { seeded } = await seedDemoShop(handle.db, {
    mediaDir: join(dataDir, 'media'),
    log: console.log,
  });
  console.log(seeded ? 'Demo shop written.' : 'The database already has a shop: nothing to do.');
  await handle.close();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
