import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { queryNumber } from '@shop/contract';
import { requestedImageSizes, snapImageSize } from '@shop/domain';
import { HttpError, notFound } from '#api/plugins/errors.ts';
import {
  IMAGE_TYPES,
  mediaFileData,
  mediaFileInfo,
  type MediaFileInfo,
} from '#api/repos/media-files.ts';

/** Largest width or height the server produces; the storefront never asks for more than 1920. */
export const MAX_IMAGE_SIDE = 2400;
/** Decoding cost grows with pixels, not bytes: refuse sources above ~50 megapixels (8K photos pass). */
export const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_FORMATS = ['webp', 'avif', 'png', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const side = queryNumber(
  z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'Expected a number' : undefined) })
    .int('Expected an integer')
    .min(1)
    .max(MAX_IMAGE_SIDE),
);

export const imageQuerySchema = z.object({
  width: side.optional(),
  height: side.optional(),
  format: z.enum(IMAGE_FORMATS).optional(),
  /** With both sides: `cover` fills the box (cropping), `contain` fits inside it (logos). */
  fit: z.enum(['cover', 'contain']).optional(),
});

/**
 * The boxes the shop asks for (domain `requestedImageSizes`); any other width/height is snapped to
 * one of them, so the variants of one original are a small fixed set and the cache on disk is
 * bounded by construction: originals × (boxes × fits + single sides + 1) × formats.
 */
const ALLOWED_SIZES = requestedImageSizes();

// Bump when encoder settings change, so cached variants made with the old ones are not reused.
const ENCODER_VERSION = 1;
const CACHE_DIR = '.cache';
const LONG_CACHE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ...IMAGE_TYPES,
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

// Only these are decoded and re-encoded; anything else (SVG, GIF, documents) is served as it is.
const RESIZABLE: ReadonlySet<string> = new Set(['.webp', '.avif', '.png', '.jpg', '.jpeg']);

type MediaFile = { absolute: string; relative: string; ext: string; size: number; mtimeMs: number };

/**
 * An original to serve, from the database (decision 0057) or, for a file no process has stored
 * there yet, from this machine's disk. `version` changes when the bytes do: the database's
 * content hash, the disk's size and mtime.
 */
type Source = {
  relative: string;
  ext: string;
  size: number;
  contentType: string;
  version: string;
  /** What sharp reads: the bytes, or the file's path. Null: gone meanwhile. */
  input: () => Promise<Buffer | string | null>;
};

/** The file name ending the resizer and the format choice go by, from a stored MIME type. */
const EXT_OF_TYPE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CONTENT_TYPES)
    .filter(([ext]) => ext !== '.jpeg')
    .map(([ext, type]) => [type, ext]),
);

/** Whether a path may name a media file at all: no dot segments, no empty ones, no escapes. */
const isMediaPath = (relative: string) =>
  !relative.includes('\0') &&
  !relative.includes('\\') &&
  !relative.split('/').some((segment) => segment === '' || segment.startsWith('.'));

type Variant = {
  width?: number | undefined;
  height?: number | undefined;
  format: ImageFormat;
  fit?: 'cover' | 'contain' | undefined;
};

/**
 * The file `relative` names inside `root`, or null. Dot segments (`..`, `.cache`, dotfiles) and
 * empty ones are refused before touching the disk; the resolved real path (symlinks followed)
 * must still lie inside the real media directory.
 */
async function findMediaFile(root: string, relative: string): Promise<MediaFile | null> {
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const candidate = path.resolve(root, ...segments);
  if (!candidate.startsWith(root + path.sep)) return null;
  try {
    const real = await realpath(candidate);
    if (!real.startsWith(root + path.sep)) return null;
    const info = await stat(real);
    if (!info.isFile()) return null;
    return {
      absolute: real,
      relative: segments.join('/'),
      ext: path.extname(real).toLowerCase(),
      size: info.size,
      mtimeMs: info.mtimeMs,
    };
  } catch {
    return null;
  }
}

/** The format to send when the URL does not name one: the best the browser announces it takes. */
export function negotiateFormat(accept: string | undefined, sourceExt: string): ImageFormat {
  const header = (accept ?? '').toLowerCase();
  if (header.includes('image/avif')) return 'avif';
  if (header.includes('image/webp')) return 'webp';
  // Old browsers: JPEG stays JPEG; WebP/AVIF/PNG sources become PNG, which keeps transparency.
  return sourceExt === '.jpg' || sourceExt === '.jpeg' ? 'jpeg' : 'png';
}

/** Whether `If-None-Match` (a list, possibly weak tags or `*`) names `etag`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Runs at most `limit` tasks at once: resizes share libuv's small thread pool with file I/O. */
function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

function encode(source: Buffer | string, variant: Variant): Promise<Buffer> {
  const { width, height, format } = variant;
  const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  if (width && height)
    pipeline.resize({ width, height, fit: variant.fit === 'contain' ? 'inside' : 'cover' });
  else
    // One side given, or only a format: keep the aspect ratio, and the other side within the cap
    // too (a tall image at width=2400 would otherwise come out taller than 2400).
    pipeline.resize({
      width: width ?? MAX_IMAGE_SIDE,
      height: height ?? MAX_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: !width && !height,
    });
  // AVIF at sharp's default effort (4) takes ~5x longer than effort 2 for ~10 % smaller files
  // (800→720 px: ~300 ms vs ~55 ms on 2 cores); a page of cold images matters more.
  if (format === 'avif') pipeline.avif({ quality: 50, effort: 2 });
  else if (format === 'webp') pipeline.webp({ quality: 80 });
  else if (format === 'jpeg') pipeline.jpeg({ quality: 82, mozjpeg: true });
  else pipeline.png({ compressionLevel: 8 });
  return pipeline.toBuffer();
}

/**
 * GET `/media/*`: files under `mediaDir`, and resized or re-encoded variants of raster images
 * (`?width=&height=&format=`), each made once and kept under `{mediaDir}/.cache/`.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ mediaDir: string }> = async (app, options) => {
  // What the database holds at a path, kept a little (a page asks for each picture in several
  // sizes). It follows the pages' change count: a picture taken off a product deletes its
  // `images` row in the same transaction, which moves the count as it commits, so a removed
  // upload is not served again at once by the process that removed it (its write forgets the
  // count) and within the count's check (1 s) by every other process.
  const known = app.pageDataBatchCache<string, { info: MediaFileInfo | null }>({
    ttlMs: 30_000,
    max: 10_000,
  });
  async function storedSource(relative: string): Promise<Source | null> {
    const entry = await known.get(relative, async () => ({
      info: await mediaFileInfo(app.db, relative),
    }));
    const { info } = entry;
    if (!info) return null;
    return {
      relative,
      ext: EXT_OF_TYPE[info.mimeType] ?? path.extname(relative).toLowerCase(),
      size: info.size,
      contentType: info.mimeType,
      version: info.hash,
      input: () => mediaFileData(app.db, relative),
    };
  }
  async function diskSource(relative: string): Promise<Source | null> {
    const mediaRoot = await root().catch(() => null);
    const file = mediaRoot && (await findMediaFile(mediaRoot, relative));
    if (!file) return null;
    return {
      relative: file.relative,
      ext: file.ext,
      size: file.size,
      contentType: CONTENT_TYPES[file.ext] ?? 'application/octet-stream',
      version: `${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}`,
      input: async () => file.absolute,
    };
  }

  let rootPromise: Promise<string> | undefined;
  // Resolved on first use, and again after a failure: the directory may be created (or seeded)
  // after the app is built.
  const root = () =>
    (rootPromise ??= realpath(path.resolve(options.mediaDir)).catch((error: unknown) => {
      rootPromise = undefined;
      throw error;
    }));
  const inFlight = new Map<string, Promise<Buffer>>();
  const limit = createLimiter(Math.max(1, availableParallelism()));

  /** Makes a variant (or joins the identical one under way) and stores it in the cache. */
  function render(req: FastifyRequest, file: Source, variant: Variant, cachePath: string) {
    const pending = inFlight.get(cachePath);
    if (pending) return pending;
    const job = limit(async () => {
      const started = performance.now();
      const input = await file.input();
      if (input === null) throw notFound();
      const data = await encode(input, variant);
      req.log.info(
        {
          media: file.relative,
          ...variant,
          bytes: data.length,
          ms: Math.round(performance.now() - started),
        },
        'image resized',
      );
      // Write then rename: a reader (or another process) never sees half a file.
      const temporary = `${cachePath}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(path.dirname(cachePath), { recursive: true });
        await writeFile(temporary, data);
        await rename(temporary, cachePath);
      } catch (error) {
        // A read-only or full disk still serves the image, just without caching it.
        req.log.warn({ err: error, media: file.relative }, 'image variant not cached');
        await rm(temporary, { force: true });
      }
      return data;
    }).finally(() => inFlight.delete(cachePath));
    inFlight.set(cachePath, job);
    return job;
  }

  async function sendFile(reply: FastifyReply, absolute: string, size: number) {
    reply.header('Content-Length', size);
    return reply.send(createReadStream(absolute));
  }

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A media file, or a resized variant of an image',
        description:
          'Without parameters the stored file. `width` and/or `height` (1..2400) resize (cover when both are given) ' +
          'to the nearest size the shop uses of the same shape (other shapes: 400), ' +
          '`format` picks the encoding; without it AVIF or WebP is chosen from `Accept`.',
        params: z.object({ '*': z.string() }),
        querystring: imageQuerySchema,
        // No response schemas: bodies are files (streams or buffers), errors are `{detail}` or
        // field errors from the shared error handler.
      },
    },
    async (req, reply) => {
      const relative = req.params['*'];
      // The database first: what any process stored; then this machine's disk.
      const file = isMediaPath(relative)
        ? ((await storedSource(relative)) ?? (await diskSource(relative)))
        : null;
      if (!file) throw notFound();
      const { width, height, format, fit } = req.query;
      reply.header('Cache-Control', LONG_CACHE);
      reply.header('X-Content-Type-Options', 'nosniff');

      const wantsVariant = width !== undefined || height !== undefined || format !== undefined;
      if (!wantsVariant || !RESIZABLE.has(file.ext)) {
        const etag = `"${file.version.slice(0, 32)}"`;
        reply.header('ETag', etag);
        // An SVG opened directly must not run its scripts on the shop's origin.
        if (file.contentType === CONTENT_TYPES['.svg'])
          reply.header(
            'Content-Security-Policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          );
        if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
        const input = await file.input();
        if (input === null) throw notFound();
        reply.type(file.contentType);
        if (typeof input === 'string') return sendFile(reply, input, file.size);
        return reply.send(input);
      }

      // Only the sizes the shop uses are made: others snap to the nearest larger one of the same
      // shape; a shape the shop never asks for is refused.
      const snapped = snapImageSize(width, height, ALLOWED_SIZES);
      if (!snapped) throw new HttpError(400, 'This image size is not offered.');
      const variant: Variant = {
        width: snapped.width,
        height: snapped.height,
        fit,
        format: format ?? negotiateFormat(req.headers.accept, file.ext),
      };
      // The source's version (content hash, or size and mtime) is part of the key: a replaced
      // original gets new variants.
      const key = createHash('sha256')
        .update(
          JSON.stringify([
            ENCODER_VERSION,
            file.relative,
            file.version,
            variant.width ?? 0,
            variant.height ?? 0,
            fit ?? 'cover',
            variant.format,
          ]),
        )
        .digest('hex');
      const etag = `"${key.slice(0, 32)}"`;
      reply.header('ETag', etag);
      if (format === undefined) reply.header('Vary', 'Accept');
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();

      const type = `image/${variant.format}`;
      const mediaRoot = await root().catch(() => path.resolve(options.mediaDir));
      const cachePath = path.join(
        mediaRoot,
        CACHE_DIR,
        key.slice(0, 2),
        `${key}.${variant.format}`,
      );
      const cached = await stat(cachePath).catch(() => null);
      if (cached?.isFile()) return sendFile(reply.type(type), cachePath, cached.size);
      let data: Buffer;
      try {
        data = await render(req, file, variant, cachePath);
      } catch (error) {
        req.log.warn({ err: error, media: file.relative }, 'image could not be resized');
        // The failure may be passing (a file being replaced): not for caching like an image.
        reply.removeHeader('ETag');
        reply.header('Cache-Control', 'no-store');
        throw new HttpError(422, 'The image cannot be resized.');
      }
      return reply.type(type).send(data);
    },
  );
};
