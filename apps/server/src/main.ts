import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EnvError, loadEnv, type Env } from '@shop/api/env';

// React (pulled in by react-router) picks its build from NODE_ENV when first imported, so it is
// set before the server module loads; a mismatch between two React builds breaks rendering.
process.env.NODE_ENV ??= 'production';
const { startServer, storefrontDir } = await import('./server.ts');

async function main() {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!existsSync(join(storefrontDir, 'server', 'index.js'))) {
    console.error('The storefront is not built: run `npm run build` (npm start does it for you).');
    process.exit(1);
  }
  const { app, shutdown } = await startServer(env);
  await app.listen({ port: env.PORT, host: env.HOST });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      shutdown().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
