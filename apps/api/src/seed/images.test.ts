import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeXml, initials, renderImage, renderPng, writeImage } from './images.ts';
import type { ImageKind } from './images.ts';

describe('renderImage', () => {
  const cases: { kind: ImageKind; width: number; height: number }[] = [
    { kind: 'product', width: 800, height: 800 },
    { kind: 'vendor-logo', width: 400, height: 400 },
    { kind: 'logo', width: 480, height: 144 },
    { kind: 'slider', width: 1920, height: 700 },
    { kind: 'background', width: 1920, height: 1080 },
  ];

  it.each(cases)('renders $kind as webp $width x $height', async ({ kind, width, height }) => {
    const buffer = await renderImage({
      kind,
      label: 'Ceramic Mug',
      color: '#2a9d8f',
      seed: 7,
      scene: [{ object: 'mug', color: '#2a9d8f' }],
    });
    const meta = await sharp(buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(height);
  });

  it('accepts labels with XML special characters and non-Latin text', async () => {
    for (const kind of ['logo', 'banner', 'blog'] as const) {
      const buffer = await renderImage({
        kind,
        label: 'Salt & Pepper <deluxe> "set" \u0001 Чай',
        color: '#fc0',
        seed: 3,
      });
      expect((await sharp(buffer).metadata()).format).toBe('webp');
    }
  });

  it('is deterministic for the same spec', async () => {
    const spec = {
      kind: 'product',
      label: '',
      color: '#588157',
      seed: 4,
      scene: [{ object: 'planter', color: '#588157' }],
      view: 'context',
    } as const;
    expect((await renderImage(spec)).equals(await renderImage(spec))).toBe(true);
  });

  it('reuses a picture from the cache and renders anew when the drawing changes', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'images-cache-'));
    try {
      const spec = { kind: 'slider', label: '', color: '#0b7a75', seed: 2 } as const;
      const first = await renderImage(spec, { cacheDir });
      const [file] = await readdir(cacheDir);
      if (!file) throw new Error('nothing was cached');
      // A planted marker proves the second call read the cache instead of rendering.
      await writeFile(path.join(cacheDir, file), Buffer.from('cached'));
      expect((await renderImage(spec, { cacheDir })).toString()).toBe('cached');
      const other = await renderImage({ ...spec, color: '#b45309' }, { cacheDir });
      expect((await sharp(other).metadata()).format).toBe('webp');
      expect(other.equals(first)).toBe(false);
      expect(await readdir(cacheDir)).toHaveLength(2);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('rejects an invalid colour', async () => {
    await expect(renderImage({ kind: 'icon', label: 'X', color: 'teal', seed: 1 })).rejects.toThrow(
      /colour/,
    );
  });
});

describe('renderPng', () => {
  it('renders a 192x192 png icon', async () => {
    const buffer = await renderPng(
      { kind: 'icon', label: 'Demo Shop', color: '#264653', seed: 1 },
      192,
    );
    const meta = await sharp(buffer).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(192);
    expect(meta.height).toBe(192);
  });
});

describe('helpers', () => {
  it('escapes XML', () => {
    expect(escapeXml(`<a & 'b'>"`)).toBe('&lt;a &amp; &apos;b&apos;&gt;&quot;');
  });

  it('builds initials', () => {
    expect(initials('green leaf studio')).toBe('GL');
    expect(initials('Чайная лавка')).toBe('ЧЛ');
    expect(initials('  ')).toBe('?');
  });
});

describe('writeImage', () => {
  it('creates folders and returns the path relative to dir', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'images-test-'));
    try {
      const rel = await writeImage(dir, 'products/mug.webp', Buffer.from('x'));
      expect(rel).toBe('products/mug.webp');
      expect(await readFile(path.join(dir, 'products', 'mug.webp'), 'utf8')).toBe('x');
      await expect(writeImage(dir, '../evil.webp', Buffer.from('x'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
