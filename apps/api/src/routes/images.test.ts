import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';

let dir: string;
let mediaDir: string;
const logLines: string[] = [];
const SECRET = 'outside the media directory';

const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const resizes = () => logLines.filter((line) => line.includes('"msg":"image resized"')).length;

const t = useTestApp(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-media-'));
  mediaDir = join(dir, 'media');
  await mkdir(join(mediaDir, 'shop'), { recursive: true });
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#0760e0' } });
  await picture(400, 300).png().toFile(join(mediaDir, 'photo.png'));
  await picture(400, 300).jpeg().toFile(join(mediaDir, 'photo.jpg'));
  await picture(300, 900).webp().toFile(join(mediaDir, 'tall.webp'));
  await picture(512, 512)
    .webp()
    .toFile(join(mediaDir, 'shop', 'icon-4.webp'));
  await writeFile(join(mediaDir, 'shop', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(mediaDir, 'broken.png'), 'not a picture');
  await writeFile(join(dir, 'secret.txt'), SECRET);
  await symlink(join(dir, 'secret.txt'), join(mediaDir, 'link.txt'));
  return { mediaDir, logger: { level: 'info', stream: logStream } };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const size = async (body: Buffer) => {
  const meta = await sharp(body).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
};
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const LONG_CACHE = 'public, max-age=31536000, immutable';

describe('originals', () => {
  it('serves the stored file with its type, a long cache and an ETag', async () => {
    const res = await get('/media/photo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(LONG_CACHE);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload.equals(await readFile(join(mediaDir, 'photo.png')))).toBe(true);
    expect(res.headers.vary).toBeUndefined();
  });

  it('answers 304 when If-None-Match names the ETag', async () => {
    const first = await get('/media/shop/icon-4.webp');
    const etag = String(first.headers.etag);
    const again = await get('/media/shop/icon-4.webp', { 'if-none-match': `"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('serves SVG as it is, even with a size, and sandboxed', async () => {
    const res = await get('/media/shop/logo.svg?width=100&height=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers a JSON 404 for a missing file or a directory', async () => {
    for (const url of [
      '/media/nope.png',
      '/media/shop',
      '/media/shop/',
      '/media/nope.png?width=10',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
  });

  it('leaves /media/langs/{locale}.json to the messages route', async () => {
    const res = await get('/media/langs/de.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(Object.keys(res.json<object>()).length).toBeGreaterThan(0);
  });
});

describe('never a file outside the media directory', () => {
  it.each([
    '/media/..%2F..%2Fpackage.json',
    '/media/../secret.txt',
    '/media/..%2Fsecret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/shop/../../secret.txt',
    '/media/shop/%2E%2E%2F%2E%2E%2Fsecret.txt',
    '/media/..\\secret.txt',
    '/media/photo.png%00.txt',
    '/media/link.txt',
    '/media/.cache/',
  ])('%s', async (url) => {
    const res = await get(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('"name"');
  });
});

describe('resized variants', () => {
  it('crops to both sides and picks AVIF, then WebP, from Accept', async () => {
    const avif = await get('/media/photo.png?width=72&height=72', { accept: CHROME_ACCEPT });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toBe('Accept');
    expect(avif.headers['cache-control']).toBe(LONG_CACHE);
    expect(await size(avif.rawPayload)).toEqual({ width: 72, height: 72, format: 'heif' });

    const webp = await get('/media/photo.png?width=72&height=72', {
      accept: 'image/webp,*/*',
    });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await size(webp.rawPayload)).toEqual({ width: 72, height: 72, format: 'webp' });
    expect(webp.headers.etag).not.toBe(avif.headers.etag);
  });

  it('keeps the aspect ratio with one side, in the original format for old browsers', async () => {
    const png = await get('/media/photo.png?width=216', { accept: '*/*' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(await size(png.rawPayload)).toEqual({ width: 216, height: 162, format: 'png' });
    const jpeg = await get('/media/photo.jpg?height=54');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await size(jpeg.rawPayload)).toEqual({ width: 72, height: 54, format: 'jpeg' });
    // A WebP source for a browser without WebP comes back as PNG.
    const fallback = await get('/media/tall.webp?width=27');
    expect(await size(fallback.rawPayload)).toEqual({ width: 27, height: 81, format: 'png' });
  });

  it('fits inside the box without cropping with fit=contain (logos)', async () => {
    const res = await get('/media/photo.png?width=72&height=72&fit=contain&format=png');
    expect(await size(res.rawPayload)).toEqual({ width: 72, height: 54, format: 'png' });
    const cropped = await get('/media/photo.png?width=72&height=72&format=png');
    expect(await size(cropped.rawPayload)).toEqual({ width: 72, height: 72, format: 'png' });
    expect((await get('/media/photo.png?width=72&height=72&fit=stretch')).statusCode).toBe(400);
  });

  it('snaps a size the shop does not use to the next one of the same shape', async () => {
    // 100×100 is no size of the shop's: the next square it uses is 192×192.
    const odd = await get('/media/photo.png?width=100&height=100&format=png');
    expect(odd.statusCode).toBe(200);
    expect(await size(odd.rawPayload)).toEqual({ width: 192, height: 192, format: 'png' });
    const used = await get('/media/photo.png?width=192&height=192&format=png');
    expect(used.headers.etag).toBe(odd.headers.etag);
    // A 16:5 strip at 1000×313 becomes the 1200×375 one; beyond the largest, the largest.
    const strip = await get('/media/photo.png?width=1000&height=313&format=webp');
    expect(await size(strip.rawPayload)).toEqual({ width: 1200, height: 375, format: 'webp' });
    // A shape the shop never asks for (4:3) is refused.
    const shape = await get('/media/photo.png?width=64&height=48');
    expect(shape.statusCode).toBe(400);
  });

  it('never produces a side above 2400', async () => {
    const res = await get('/media/tall.webp?width=2400&format=webp');
    expect(await size(res.rawPayload)).toEqual({ width: 800, height: 2400, format: 'webp' });
  });

  it('serves the manifest icon as PNG when asked, whatever Accept says', async () => {
    const res = await get('/media/shop/icon-4.webp?width=192&height=192&format=png', {
      accept: CHROME_ACCEPT,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.vary).toBeUndefined();
    expect(await size(res.rawPayload)).toEqual({ width: 192, height: 192, format: 'png' });
  });

  it('re-encodes without resizing when only the format is given', async () => {
    const res = await get('/media/photo.png?format=jpeg');
    expect(await size(res.rawPayload)).toEqual({ width: 400, height: 300, format: 'jpeg' });
  });

  it('rejects bad parameters with field errors', async () => {
    const cases: [string, string][] = [
      ['width=0', 'width'],
      ['width=abc', 'width'],
      ['width=1.5', 'width'],
      ['height=2401', 'height'],
      ['format=gif', 'format'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/media/photo.png?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<object>()), query).toEqual([field]);
    }
    // A blank parameter counts as absent (app-wide rule): the original.
    const blank = await get('/media/photo.png?width=');
    expect(blank.statusCode).toBe(200);
    expect(blank.rawPayload.equals(await readFile(join(mediaDir, 'photo.png')))).toBe(true);
  });

  it('answers 422, not a cacheable image, when the file cannot be decoded', async () => {
    const res = await get('/media/broken.png?width=10');
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.json()).toEqual({ detail: 'The image cannot be resized.' });
  });

  it('answers 304 for a variant without resizing again', async () => {
    const url = '/media/photo.jpg?width=36&height=36&format=webp';
    const first = await get(url);
    const before = resizes();
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(LONG_CACHE);
    expect(resizes()).toBe(before);
  });
});

describe('the variant cache', () => {
  const cacheFiles = async () =>
    (await readdir(join(mediaDir, '.cache'), { recursive: true })).filter((f) =>
      /\.[a-z]+$/.test(f),
    );

  it('stores each variant once and reads it back on the next request', async () => {
    const url = '/media/photo.png?width=54&height=54&format=webp';
    const before = new Set(await cacheFiles());
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const added = (await cacheFiles()).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
    const file = join(mediaDir, '.cache', added[0] ?? '');
    expect((await readFile(file)).equals(first.rawPayload)).toBe(true);

    // Replace the cached bytes: the second answer can only come from the file.
    const marker = await sharp({
      create: { width: 7, height: 7, channels: 3, background: '#ff0000' },
    })
      .webp()
      .toBuffer();
    await writeFile(file, marker);
    const count = resizes();
    const second = await get(url);
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(resizes()).toBe(count);
  });

  it('makes one resize for identical requests arriving together', async () => {
    const url = '/media/shop/icon-4.webp?width=360&height=360';
    const count = resizes();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(url, { accept: 'image/webp' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const first = answers[0]?.rawPayload;
    for (const a of answers) expect(first && a.rawPayload.equals(first)).toBe(true);
    expect(resizes()).toBe(count + 1);
  });

  it('keeps the cache bounded: 40 odd sizes make a handful of files, not 40', async () => {
    const before = (await cacheFiles()).length;
    for (let side = 100; side < 140; side++) {
      const res = await get(`/media/photo.jpg?width=${side}&height=${side}&format=webp`);
      expect(res.statusCode).toBe(200);
    }
    // 100..139 snap to 192 (square); one variant, one file.
    expect((await cacheFiles()).length - before).toBe(1);
  });

  it('makes new variants when the original changes', async () => {
    const url = '/media/photo.jpg?width=45&height=45&format=png';
    const first = await get(url);
    const later = new Date(Date.now() + 60_000);
    await utimes(join(mediaDir, 'photo.jpg'), later, later);
    const count = resizes();
    const second = await get(url);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(resizes()).toBe(count + 1);
  });
});
