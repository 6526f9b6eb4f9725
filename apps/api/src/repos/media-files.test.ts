// Issue 26: the pictures of a media directory (the seed's, or a shop's from before originals
// moved into the database) are copied into the database once, at start, and then served from it
// by a process whose own media directory is empty: another machine.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { useTempDirs, withOtherMachine } from '../../test/media.ts';
import { importMediaDir } from './media-files.ts';

const tempDir = useTempDirs('shop-media-import');

const t = useTestApp();

describe('importMediaDir', () => {
  it('copies the originals once, skipping cached variants and dotfiles; any process serves them', async () => {
    const disk = await tempDir();
    const prefix = `imported-${Date.now()}`;
    await mkdir(join(disk, prefix, 'deep'), { recursive: true });
    await mkdir(join(disk, '.cache', 'ab'), { recursive: true });
    const photo = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    await writeFile(join(disk, prefix, 'photo.png'), photo);
    await writeFile(
      join(disk, prefix, 'deep', 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
    );
    await writeFile(join(disk, prefix, 'notes.txt'), 'not media');
    await writeFile(join(disk, prefix, '.hidden.png'), photo);
    await writeFile(join(disk, '.cache', 'ab', 'variant.webp'), 'a variant');

    expect(await importMediaDir(t.handle.db, disk)).toBe(2);
    // Again (a second process, a restart): nothing more.
    expect(await importMediaDir(t.handle.db, disk)).toBe(0);

    const rows = await t.handle.db
      .select()
      .from(s.mediaFiles)
      .where(like(s.mediaFiles.path, `${prefix}/%`));
    expect(rows.map((r) => r.path).sort()).toEqual([
      `${prefix}/deep/logo.svg`,
      `${prefix}/photo.png`,
    ]);
    const [png] = rows.filter((r) => r.path.endsWith('.png'));
    expect(png).toMatchObject({ mimeType: 'image/png', size: photo.length, width: 30, height: 20 });
    expect(png?.data.equals(photo)).toBe(true);

    // Another machine: its media directory is empty, the database has the picture.
    await withOtherMachine(t, tempDir, async (other) => {
      const res = await other.inject({ method: 'GET', url: `/media/${prefix}/photo.png` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(photo)).toBe(true);
      const again = await other.inject({
        method: 'GET',
        url: `/media/${prefix}/photo.png`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      const svg = await other.inject({ method: 'GET', url: `/media/${prefix}/deep/logo.svg` });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-security-policy']).toContain('sandbox');
      const variant = await other.inject({
        method: 'GET',
        url: `/media/${prefix}/photo.png?width=400&format=webp`,
      });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      // What the database does not hold is not served from elsewhere.
      const missing = await other.inject({ method: 'GET', url: `/media/${prefix}/notes.txt` });
      expect(missing.statusCode).toBe(404);
    });
  });
});
