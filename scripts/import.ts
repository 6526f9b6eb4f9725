// `npm run import -- catalogue.csv` (or .json; `--format csv|json` when the name does not say):
// imports a catalogue file into the database `npm start` would use (DATABASE_URL, else PGlite in
// DATA_DIR), with the checks and the one transaction of the staff page (the same code:
// apps/api/src/repos/catalogue-import.ts). Progress goes to stderr, the result to stdout; a file
// with errors lists them (row, column, message) and changes nothing (exit code 1).
// The format: docs/import-format.md.
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CATALOGUE_FORMATS, type CatalogueFormat } from '@shop/contract';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { loadEnvOrExit } from '../apps/api/src/env.ts';
import { translatorFor } from '../apps/api/src/lib/i18n.ts';
import { applyCatalogue, checkCatalogue } from '../apps/api/src/repos/catalogue-import.ts';
import { catalogueRefusal } from '../apps/api/src/routes/catalogue-import.ts';

const isFormat = (value: string): value is CatalogueFormat =>
  (CATALOGUE_FORMATS as readonly string[]).includes(value);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A text progress bar: `[#####-----]  50%  50,000 / 100,000 rows`. */
function bar(done: number, total: number): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * 30);
  const pct = String(Math.round(share * 100)).padStart(3);
  return `[${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${pct}%  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} rows`;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { format: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1)
    fail('usage: npm run import -- <file.csv|file.json> [--format csv|json]');
  const format = values.format ?? extname(file).slice(1).toLowerCase();
  if (!isFormat(format))
    fail(`the format must be csv or json (the file's extension, or --format), not '${format}'`);
  let content: string;
  try {
    content = await readFile(resolve(file), 'utf8');
  } catch (error) {
    fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const env = loadEnvOrExit();
  const handle = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS })
    : await openDatabase({ dataDir: join(resolve(env.DATA_DIR), 'pglite') });
  try {
    await handle.migrate();
    const started = performance.now();
    console.error(`checking ${file} (${format})…`);
    const check = await checkCatalogue(handle.db, content, format);
    if (!check.ok) {
      const refusal = catalogueRefusal(translatorFor('en'), check.issues);
      for (const row of refusal.rows) {
        console.log(
          row.row === 0
            ? `file: ${row.message}`
            : `row ${row.row}, column ${row.column}: ${row.message}`,
        );
      }
      if (refusal.count > refusal.rows.length) {
        console.log(`…and ${refusal.count - refusal.rows.length} more.`);
      }
      console.log(refusal.detail);
      process.exitCode = 1;
      return;
    }
    const checkedMs = performance.now() - started;
    const tty = process.stderr.isTTY;
    let lastShown = -1;
    const result = await applyCatalogue(handle.db, check.plan, {
      userId: null,
      now: new Date(),
      onProgress: (done, total) => {
        // On a terminal one line redrawn; in a log a line per tenth.
        const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
        if (tty) process.stderr.write(`\r${bar(done, total)}`);
        else if (tenth !== lastShown) console.error(bar(done, total));
        lastShown = tenth;
      },
    });
    if (tty) process.stderr.write('\n');
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Imported ${result.total} rows: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged.`,
    );
    console.log(
      `${seconds.toFixed(1)} s (checks ${(checkedMs / 1000).toFixed(1)} s), ${Math.round(result.total / seconds).toLocaleString('en')} rows/s`,
    );
  } finally {
    await handle.close();
  }
}

await main();
