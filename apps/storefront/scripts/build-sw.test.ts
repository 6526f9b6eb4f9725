import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precacheManifest } from './build-sw.ts';

describe('precacheManifest', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'build-sw-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
    await writeFile(join(dir, 'assets', 'app-abc123.js.map'), '{}');
    await writeFile(join(dir, 'assets', 'root-def456.css'), 'body{}');
    await writeFile(join(dir, 'assets', 'inter-latin-400-normal-x1.woff2'), 'font');
    await writeFile(join(dir, 'assets', 'inter-latin-400-normal-x2.woff'), 'font');
    await writeFile(join(dir, 'offline.html'), '<!doctype html><title>offline</title>');
    await writeFile(join(dir, 'icon.svg'), '<svg/>');
    await writeFile(join(dir, 'hero.jpg'), Buffer.alloc(200 * 1024));
    await writeFile(join(dir, 'a.js.map'), '{}');
    await writeFile(join(dir, 'sw.js'), 'self;');
    await writeFile(join(dir, 'robots.txt'), 'User-agent: *');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the app shell with root-relative urls', async () => {
    const manifest = await precacheManifest(dir);
    expect(manifest.map((e) => e.url)).toEqual([
      '/assets/app-abc123.js',
      '/assets/inter-latin-400-normal-x1.woff2',
      '/assets/root-def456.css',
      '/icon.svg',
      '/offline.html',
    ]);
    for (const { url } of manifest) expect(url.startsWith('/')).toBe(true);
  });

  it('gives hashed assets a null revision and other files an md5 of their content', async () => {
    const manifest = await precacheManifest(dir);
    const byUrl = new Map(manifest.map((e) => [e.url, e.revision]));
    expect(byUrl.get('/assets/app-abc123.js')).toBeNull();
    expect(byUrl.get('/assets/root-def456.css')).toBeNull();
    expect(byUrl.get('/offline.html')).toMatch(/^[0-9a-f]{32}$/);
    expect(byUrl.get('/icon.svg')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('leaves out source maps, the worker itself, large images and other files', async () => {
    const urls = (await precacheManifest(dir)).map((e) => e.url);
    expect(urls.some((u) => u.endsWith('.map'))).toBe(false);
    expect(urls).not.toContain('/sw.js');
    expect(urls).not.toContain('/hero.jpg');
    expect(urls).not.toContain('/robots.txt');
    expect(urls).not.toContain('/assets/inter-latin-400-normal-x2.woff');
  });
});
