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
