import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

describe('precompress', () => {
  let dir = '';
  const script = `export const words = ${JSON.stringify('linen shirt '.repeat(500))};\n`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'app-abc.js'), script);
    await writeFile(join(dir, 'assets', 'tiny-abc.js'), 'export {};');
    await writeFile(join(dir, 'assets', 'inter-abc.woff2'), Buffer.alloc(4096, 7));
    await writeFile(join(dir, 'icon.svg'), `<svg>${'<g/>'.repeat(400)}</svg>`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip file beside each text file that gains, the same bytes inside', async () => {
    expect(await precompress(dir)).toBe(2);
    const br = await readFile(join(dir, 'assets', 'app-abc.js.br'));
    const gz = await readFile(join(dir, 'assets', 'app-abc.js.gz'));
    expect(br.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(script);
    expect(gunzipSync(gz).toString('utf8')).toBe(script);
    expect((await readFile(join(dir, 'icon.svg.br'))).length).toBeGreaterThan(0);
  });

  it('leaves tiny files and fonts (already compressed) alone', async () => {
    await expect(readFile(join(dir, 'assets', 'tiny-abc.js.br'))).rejects.toThrow();
    await expect(readFile(join(dir, 'assets', 'inter-abc.woff2.br'))).rejects.toThrow();
  });
});
