import { BREAKPOINTS, XXL_BREAKPOINT } from './constants.ts';

export const SCREEN_SIZE_CLASSES = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;

export type ScreenSizeClass = (typeof SCREEN_SIZE_CLASSES)[number];

export const IMAGE_TYPES = [
  'icon',
  'logo',
  'header_logo',
  'footer_logo',
  'email_logo',
  'page_gallery',
  'profile_image',
  'page_title_bg',
  'slider_background',
  'background',
  'maintenance_background',
  'banner',
] as const;

export type ImageType = (typeof IMAGE_TYPES)[number];

export type ImageSize = { width: number; height: number };

const LOGO_TYPES: ReadonlySet<string> = new Set([
  'logo',
  'header_logo',
  'footer_logo',
  'email_logo',
]);
// Strips across the page (title bars, sliders, banners) are wide and short; full-page backgrounds match a 16:9 screen.
const STRIP_BACKGROUNDS: ReadonlySet<string> = new Set([
  'page_title_bg',
  'slider_background',
  'banner',
]);
const FULL_BACKGROUNDS: ReadonlySet<string> = new Set(['background', 'maintenance_background']);

// A background must cover the widest screen of its class; xxl is capped at "up to 1920".
const BACKGROUND_WIDTHS = [...BREAKPOINTS, XXL_BREAKPOINT, 1920] as const;

function interpolate(min: number, max: number, index: number): number {
  return Math.round(min + ((max - min) * index) / (SCREEN_SIZE_CLASSES.length - 1));
}

/**
 * Requested image size per screen-size class (xs smallest … xxl largest):
 * icon 27→72 and logos 54→144 square; banner/slider/page-title backgrounds 16:5 and
 * background/maintenance_background 16:9, both 576 wide on xs up to 1920 on xxl;
 * anything else (page_gallery, profile_image, product images) square 270→720.
 */
/** Unknown image types get the default size, so `imageType` is any string. */
export function imageSize(imageType: string, sizeClass: ScreenSizeClass): ImageSize {
  const index = Math.max(SCREEN_SIZE_CLASSES.indexOf(sizeClass), 0);
  if (STRIP_BACKGROUNDS.has(imageType) || FULL_BACKGROUNDS.has(imageType)) {
    const width = BACKGROUND_WIDTHS[index] ?? 1920;
    const ratio = STRIP_BACKGROUNDS.has(imageType) ? 5 / 16 : 9 / 16;
    return { width, height: Math.round(width * ratio) };
  }
  const [min, max] =
    imageType === 'icon' ? [27, 72] : LOGO_TYPES.has(imageType) ? [54, 144] : [270, 720];
  const side = interpolate(min, max, index);
  return { width: side, height: side };
}

/** Logos keep their own proportions: fitted inside their box, never cropped. */
export const LOGO_IMAGE_TYPES: ReadonlySet<string> = LOGO_TYPES;

/** What the storefront asks `/media/…` for: a box, and `contain` for logos (else cover). */
export type ImageRequest = ImageSize & { fit?: 'contain' };

/**
 * The `width`/`height`/`fit` the storefront requests for an image type and size class. A logo's
 * class size is its height; a wordmark may be up to four times as wide.
 */
export function imageRequest(imageType: string, sizeClass: ScreenSizeClass): ImageRequest {
  const { width, height } = imageSize(imageType, sizeClass);
  return LOGO_TYPES.has(imageType)
    ? { width: height * 4, height, fit: 'contain' }
    : { width, height };
}

/** The web app manifest's icon sizes (square PNGs). */
export const MANIFEST_ICON_SIZES = [192, 512] as const;

/**
 * Every box the shop itself asks the media server for: each image type at each size class, and
 * the manifest icons. The server makes only these (it snaps other requests to one of them), so
 * its cache of resized variants is bounded by construction.
 */
export function requestedImageSizes(): ImageSize[] {
  const seen = new Map<string, ImageSize>();
  const add = (size: ImageSize) => seen.set(`${size.width}x${size.height}`, size);
  for (const type of [...IMAGE_TYPES, 'product'])
    for (const sizeClass of SCREEN_SIZE_CLASSES) {
      const { width, height } = imageRequest(type, sizeClass);
      add({ width, height });
    }
  for (const side of MANIFEST_ICON_SIZES) add({ width: side, height: side });
  return [...seen.values()].sort((a, b) => a.width - b.width || a.height - b.height);
}

/**
 * The allowed box for a request: itself when the shop asks for it, else the smallest allowed box
 * of the same shape (aspect ratio within 2 %) at least as large, else the largest of that shape;
 * null when no allowed box has that shape. One side only: the smallest allowed width (or height)
 * at least as large, else the largest.
 */
export function snapImageSize(
  width: number | undefined,
  height: number | undefined,
  allowed: readonly ImageSize[] = requestedImageSizes(),
): { width?: number; height?: number } | null {
  const atLeast = (values: number[], wanted: number) => {
    const sorted = [...new Set(values)].sort((a, b) => a - b);
    return sorted.find((v) => v >= wanted) ?? sorted.at(-1);
  };
  if (width !== undefined && height !== undefined) {
    const shape = allowed
      .filter((s) => Math.abs(s.width / s.height - width / height) <= 0.02 * (width / height))
      .sort((a, b) => a.width - b.width);
    if (shape.length === 0) return null;
    const box = shape.find((s) => s.width >= width && s.height >= height) ?? shape.at(-1);
    return box ? { width: box.width, height: box.height } : null;
  }
  if (width !== undefined) {
    const snapped = atLeast(
      allowed.map((s) => s.width),
      width,
    );
    return snapped === undefined ? null : { width: snapped };
  }
  if (height !== undefined) {
    const snapped = atLeast(
      allowed.map((s) => s.height),
      height,
    );
    return snapped === undefined ? null : { height: snapped };
  }
  return {};
}
