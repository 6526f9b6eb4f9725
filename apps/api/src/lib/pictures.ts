import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS } from '@shop/contract';

/** A file that is a picture the shop can serve and resize. */
export type CheckedPicture = {
  bytes: Buffer;
  /** sha256 of the bytes, hex. */
  hash: string;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
};

export type PictureRefusal = 'notAnImage' | 'tooLarge' | 'tooManyPixels';

/** What sharp calls each format it may find, as a MIME type and a file name ending. */
const FORMATS: Readonly<Record<string, { mimeType: string; ext: string }>> = {
  jpeg: { mimeType: 'image/jpeg', ext: 'jpg' },
  png: { mimeType: 'image/png', ext: 'png' },
  webp: { mimeType: 'image/webp', ext: 'webp' },
  avif: { mimeType: 'image/avif', ext: 'avif' },
};

/**
 * Whether `bytes` are a picture, by their content (never the name or the type the browser sent:
 * a text file named `.jpg` is refused). The file is decoded whole, so a truncated or broken one is
 * refused here and not at its first resize; the pixel cap is checked before decoding.
 */
export async function checkPicture(bytes: Buffer): Promise<CheckedPicture | PictureRefusal> {
  if (bytes.length > MAX_PICTURE_BYTES) return 'tooLarge';
  if (bytes.length === 0) return 'notAnImage';
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return 'notAnImage';
  }
  // AVIF is HEIF with AV1 inside; HEIC photos (HEVC) are not served by browsers: refused.
  const name =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : null) : metadata.format;
  const format = name ? FORMATS[name] : undefined;
  if (!format || !metadata.width || !metadata.height) return 'notAnImage';
  if (metadata.width * metadata.height > MAX_PICTURE_PIXELS) return 'tooManyPixels';
  try {
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PICTURE_PIXELS })
      .resize(16, 16, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    return 'notAnImage';
  }
  // Width and height as the picture shows (a phone photo's EXIF orientation turns it).
  const shown = metadata.autoOrient;
  return {
    bytes,
    hash: createHash('sha256').update(bytes).digest('hex'),
    mimeType: format.mimeType,
    ext: format.ext,
    width: shown.width,
    height: shown.height,
  };
}
