// `npm run import` as staff run it: a fresh data directory with the demo shop (`npm run seed`), a
// file with one bad row refused with the row and column named (exit 1, nothing changed), the
// corrected file imported with a progress bar and the counts, and the same file again changing
// nothing. Always on PGlite (the embedded database the command defaults to).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, vats, vendors } from '../apps/api/src/seed/data/catalogue.ts';

const root = join(import.meta.dirname, '..');
let dataDir = '';

function run(script: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script), ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-import-cli-'));
  const seeded = await run('scripts/seed.ts');
  expect(seeded.code, seeded.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function csv(price: string) {
  const vendor = vendors[0]!.slug;
  const vat = vats[0]!.key;
  const colour = attributes[0]!;
  const value = `${colour.slug}:${colour.values[0]!.slug}`;
  return [
    'slug,parent,vendor,price,vat,stock,attributes,title_en,title_ru',
    `cli-lamp,,${vendor},19.90,${vat},,${value},CLI lamp,Лампа`,
    `cli-lamp-small,cli-lamp,${vendor},${price},${vat},3,${value},"CLI lamp, small",`,
  ].join('\n');
}

describe('npm run import', () => {
  it('refuses a bad row by row and column, then imports the file once', async () => {
    const bad = join(dataDir, 'bad.csv');
    await writeFile(bad, csv('-1'));
    const refused = await run('scripts/import.ts', bad);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'row 3, column price: The price must be a number with at most two decimals, such as 12.50',
    );
    expect(refused.stdout).toContain('Errors in the file: 1. Nothing was changed.');

    const good = join(dataDir, 'good.csv');
    await writeFile(good, csv('15.50'));
    const first = await run('scripts/import.ts', good);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/\[#{30}\] 100%\s+2 \/ 2 rows/);
    expect(first.stdout).toContain('Imported 2 rows: 2 created, 0 updated, 0 unchanged.');
    expect(first.stdout).toMatch(/rows\/s/);

    const again = await run('scripts/import.ts', good);
    expect(again.stdout).toContain('Imported 2 rows: 0 created, 0 updated, 2 unchanged.');

    const unknown = await run('scripts/import.ts', join(dataDir, 'good.txt'));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('the format must be csv or json');
  }, 240_000);
});
