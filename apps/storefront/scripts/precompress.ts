// Compresses the client build once, at build time (issue 12): next to every text file of
// build/client (JS, CSS, HTML, SVG, JSON, web manifests) a `.br` (brotli, best quality) and a
// `.gz` (gzip, level 9) that the server sends by Accept-Encoding (@fastify/static preCompressed).
// Files too small to gain are left alone. Usage: node scripts/precompress.ts [dir].
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set([
  '.css',
  '.html',
  '.js',
  '.json',
  '.mjs',
  '.svg',
  '.txt',
  '.webmanifest',
  '.xml',
]);
/** Below this, the compressed file and its header cost about what they save. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes the `.br` and `.gz` of every text file under `dir`; answers how many files it did. */
export async function precompress(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let done = 0;
  for (const entry of entries) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !TEXT.has(extname(file).toLowerCase())) continue;
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    done++;
  }
  return done;
}

if (import.meta.main) {
  const dir = process.argv[2] ?? join(import.meta.dirname, '..', 'build', 'client');
  console.log(`precompressed ${await precompress(dir)} files in ${dir}`);
}
