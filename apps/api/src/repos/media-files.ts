import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

/*
 * The originals of /media/* in the database (decision 0057): every process reads the same bytes.
 * Resized variants are made and cached by each process (routes/images.ts).
 */

export type MediaFileInfo = {
  path: string;
  hash: string;
  mimeType: string;
  size: number;
};

export type NewMediaFile = MediaFileInfo & {
  data: Buffer;
  width: number | null;
  height: number | null;
};

/** What is known of a stored original without reading its bytes; null when none is stored. */
export async function mediaFileInfo(db: Database, file: string): Promise<MediaFileInfo | null> {
  const [row] = await db
    .select({
      path: s.mediaFiles.path,
      hash: s.mediaFiles.hash,
      mimeType: s.mediaFiles.mimeType,
      size: s.mediaFiles.size,
    })
    .from(s.mediaFiles)
    .where(eq(s.mediaFiles.path, file));
  return row ?? null;
}

/** The bytes of a stored original; null when it is gone meanwhile. */
export async function mediaFileData(db: Database, file: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: s.mediaFiles.data })
    .from(s.mediaFiles)
    .where(eq(s.mediaFiles.path, file));
  return row?.data ?? null;
}

/** Stores an original; one already stored at the path stays (paths of uploads name their hash). */
export async function storeMediaFile(db: Database, file: NewMediaFile): Promise<void> {
  await db.insert(s.mediaFiles).values(file).onConflictDoNothing({ target: s.mediaFiles.path });
}

/** The pictures a media directory holds, by file name ending: what the import copies. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Files past this stay on the disk only (served by the process that has them). */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    // `.cache` (resized variants) and dotfiles are never originals.
    if (entry.name.startsWith('.')) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, relative)));
    else if (entry.isFile() && IMAGE_TYPES[path.extname(entry.name).toLowerCase()])
      found.push(relative);
  }
  return found;
}

/**
 * Copies the pictures of a media directory into the database, once each: the seed's demo
 * pictures, and those of a shop that kept its originals on one disk before (issue 26). Run at
 * start; several processes may run it at once (a path stored twice is kept once).
 */
export async function importMediaDir(db: Database, mediaDir: string): Promise<number> {
  const files = await filesUnder(mediaDir);
  let imported = 0;
  for (let i = 0; i < files.length; i += 100) {
    const batch = files.slice(i, i + 100);
    const stored = new Set(
      (
        await db
          .select({ path: s.mediaFiles.path })
          .from(s.mediaFiles)
          .where(inArray(s.mediaFiles.path, batch))
      ).map((row) => row.path),
    );
    for (const file of batch) {
      if (stored.has(file)) continue;
      const absolute = path.join(mediaDir, ...file.split('/'));
      const info = await stat(absolute);
      if (info.size > IMPORT_MAX_BYTES) continue;
      const data = await readFile(absolute);
      const meta = await sharp(data)
        .metadata()
        .catch(() => null);
      await storeMediaFile(db, {
        path: file,
        hash: createHash('sha256').update(data).digest('hex'),
        mimeType: IMAGE_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        size: data.length,
        width: meta?.width ?? null,
        height: meta?.height ?? null,
        data,
      });
      imported++;
    }
  }
  return imported;
}
