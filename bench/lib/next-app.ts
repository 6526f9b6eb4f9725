// The Next.js side of the comparison: bench/next-app (kept in the repository) copied to
// bench/.work/next-app, installed with npm (pinned versions, no install scripts), built with
// `next build` and served with `next start`. Any failure is reported, never thrown.
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, launch, run, waitUntilAnswers, type Launched } from './processes.ts';

export type NextServer = { origin: string; version: string; launched: Launched };
export type NextOutcome = { ok: true; server: NextServer } | { ok: false; reason: string };

/** The environment without npm's per-script variables, which would steer a nested npm. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', ...extra };
}

async function tail(path: string, lines = 20): Promise<string> {
  try {
    const text = await readFile(path, 'utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

export async function startNextApp(options: {
  root: string;
  work: string;
  /** Origin of our server, whose API the Next.js page calls. */
  shopOrigin: string;
  say: (message: string) => void;
  /** Its port; none: a free one. */
  port?: number;
}): Promise<NextOutcome> {
  const { root, work, say } = options;
  const dir = join(work, 'next-app');
  const next = join(dir, 'node_modules/next/dist/bin/next');
  const installLog = join(work, 'next-install.log');
  const buildLog = join(work, 'next-build.log');
  const startLog = join(work, 'next-start.log');
  try {
    // Fresh sources every run; node_modules stays, so a second run installs nothing.
    await rm(join(dir, 'app'), { recursive: true, force: true });
    await cp(join(root, 'bench/next-app'), dir, { recursive: true, force: true });

    say('Next.js: npm install (pinned versions)…');
    const installed = await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      { cwd: dir, env: cleanEnv({}), log: installLog },
    );
    if (installed !== 0)
      return {
        ok: false,
        reason: `npm install exited with ${installed}:\n${await tail(installLog)}`,
      };
    const pkg = JSON.parse(await readFile(join(dir, 'node_modules/next/package.json'), 'utf8')) as {
      version: string;
    };

    say(`Next.js ${pkg.version}: next build…`);
    const built = await run(process.execPath, [next, 'build'], {
      cwd: dir,
      env: cleanEnv({ NODE_ENV: 'production' }),
      log: buildLog,
    });
    if (built !== 0)
      return { ok: false, reason: `next build exited with ${built}:\n${await tail(buildLog)}` };

    const port = options.port ?? (await freePort());
    const origin = `http://127.0.0.1:${port}`;
    say(`Next.js: next start on ${origin}…`);
    const launched = launch(
      process.execPath,
      [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
      {
        cwd: dir,
        env: cleanEnv({ NODE_ENV: 'production', SHOP_API: options.shopOrigin }),
        log: startLog,
      },
    );
    try {
      await waitUntilAnswers(`${origin}/en/products/`, launched, 120_000);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: `next start: ${message}\n${await tail(startLog)}` };
    }
    return { ok: true, server: { origin, version: pkg.version, launched } };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
