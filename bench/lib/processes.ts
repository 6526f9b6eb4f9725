// Child processes of the benchmark. Each one starts detached, as the leader of its own process
// group, so that stopping it also stops whatever it started (npm → node, next start → its
// workers) and nothing else. Every group is remembered and ended at exit, on SIGINT and SIGTERM.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const groups = new Set<number>();

export type Launched = { child: ChildProcess; pgid: number; exited: Promise<number | null> };

/**
 * Starts a command in its own process group. Its output goes to `log` (a file path) when given,
 * else through `onLine`, else nowhere.
 */
export function launch(
  command: string,
  args: string[],
  options: SpawnOptions & { log?: string; onLine?: (line: string) => void },
): Launched {
  const { log, onLine, ...spawnOptions } = options;
  const child = spawn(command, args, {
    ...spawnOptions,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) {
    // The reason arrives as an 'error' event: keep it from crashing the process.
    child.on('error', () => undefined);
    throw new Error(`could not start ${command}`);
  }
  const pgid = child.pid;
  groups.add(pgid);
  if (log) {
    const file = createWriteStream(log);
    child.stdout?.pipe(file, { end: false });
    child.stderr?.pipe(file, { end: false });
    child.on('close', () => file.end());
  } else {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        if (onLine) for (const line of lines) onLine(line);
      });
    }
  }
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
  return { child, pgid, exited };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the group, SIGKILL after `graceMs` if any member is still there. */
export async function stopGroup(pgid: number, graceMs = 5000): Promise<void> {
  if (!groups.has(pgid)) return;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Gone in between.
    }
  }
  groups.delete(pgid);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...groups].map((pgid) => stopGroup(pgid)));
}

/** Ends every group this process started when it is interrupted, then exits. */
export function stopAllOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping child processes…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  // Last resort if the script dies without reaching its own cleanup.
  process.once('exit', () => {
    for (const pgid of groups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  });
}

/** Runs a command to completion; answers its exit code (null when it could not start). */
export async function run(
  command: string,
  args: string[],
  options: SpawnOptions & { log?: string; onLine?: (line: string) => void },
): Promise<number | null> {
  const launched = launch(command, args, options);
  const code = await launched.exited;
  // Whatever it left behind in its group.
  await stopGroup(launched.pgid, 1000);
  return code;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; fails when `launched` exits first or after `timeoutMs`. */
export async function waitUntilAnswers(
  url: string,
  launched: Launched,
  timeoutMs: number,
): Promise<void> {
  let exited = false;
  void launched.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the process exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (last: ${last})`);
}

/**
 * The live processes of the given groups, from /proc (Linux): each one's pid and the fields of its
 * stat after the command name (pgrp at index 2, utime and stime at 11 and 12); undefined elsewhere.
 */
async function groupsProcesses(
  pgids: number[],
): Promise<{ pid: string; fields: string[] }[] | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const wanted = new Set(pgids);
  const found: { pid: string; fields: string[] }[] = [];
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (wanted.has(Number(fields[2]))) found.push({ pid, fields });
  }
  return found;
}

/**
 * CPU seconds (user + system) used so far by every live process of the given groups, from
 * /proc (Linux); undefined elsewhere.
 */
export async function groupsCpuSeconds(pgids: number[]): Promise<number | undefined> {
  const processes = await groupsProcesses(pgids);
  if (!processes) return undefined;
  const ticks = processes.reduce(
    (sum, { fields }) => sum + Number(fields[11]) + Number(fields[12]),
    0,
  );
  // USER_HZ is 100 on every Linux architecture Node supports.
  return ticks / 100;
}

/**
 * Resident memory (VmRSS) of every live process of the given groups, in bytes, summed, from
 * /proc (Linux); undefined elsewhere.
 */
export async function groupsRssBytes(pgids: number[]): Promise<number | undefined> {
  const processes = await groupsProcesses(pgids);
  if (!processes) return undefined;
  let bytes = 0;
  for (const { pid } of processes) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    if (kb) bytes += Number(kb) * 1024;
  }
  return bytes;
}

/**
 * Runs a benchmark's `main` and exits with the code it answers (1 when it throws: its message is
 * printed after `name`). Its child processes are stopped however it ends, interrupted included.
 */
export async function runMain(name: string, main: () => Promise<number>): Promise<never> {
  stopAllOnSignals();
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.error('stopping child processes…');
    await stopAll();
  }
  process.exit(exitCode);
}
