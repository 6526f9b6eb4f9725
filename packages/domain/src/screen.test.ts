import { describe, it, expect } from 'vitest';
import {
  IMAGE_TYPES,
  SCREEN_SIZE_CLASSES,
  imageRequest,
  imageSize,
  requestedImageSizes,
  snapImageSize,
  type ImageSize,
  type ScreenSizeClass,
} from './screen.ts';

describe('IMAGE_TYPES — the 12 spec image types', () => {
  it('lists them', () => {
    expect(IMAGE_TYPES).toEqual(
      (
        'icon logo header_logo footer_logo email_logo page_gallery profile_image page_title_bg ' +
        'slider_background background maintenance_background banner'
      ).split(' '),
    );
  });
});

const square = (n: number): ImageSize => ({ width: n, height: n });
/** The six screen widths at one height-to-width ratio (banner 1920 × 600, background 1920 × 1080). */
const wide = (ratio: number): ImageSize[] =>
  [576, 768, 992, 1200, 1400, 1920].map((w) => ({ width: w, height: Math.round(w * ratio) }));

describe('imageSize — "icon 27 to 72, logo 54 to 144, backgrounds up to 1920, default 270 to 720"', () => {
  const table: [string, ImageSize[]][] = [
    ['icon', [27, 36, 45, 54, 63, 72].map(square)],
    ['logo', [54, 72, 90, 108, 126, 144].map(square)],
    ['header_logo', [54, 72, 90, 108, 126, 144].map(square)],
    ['footer_logo', [54, 72, 90, 108, 126, 144].map(square)],
    ['email_logo', [54, 72, 90, 108, 126, 144].map(square)],
    ['page_gallery', [270, 360, 450, 540, 630, 720].map(square)],
    ['profile_image', [270, 360, 450, 540, 630, 720].map(square)],
    ['products', [270, 360, 450, 540, 630, 720].map(square)],
    ['banner', wide(5 / 16)],
    ['slider_background', wide(5 / 16)],
    ['page_title_bg', wide(5 / 16)],
    ['background', wide(9 / 16)],
    ['maintenance_background', wide(9 / 16)],
  ];
  const rows = table.flatMap(([type, sizes]) =>
    SCREEN_SIZE_CLASSES.map(
      (cls, i) => [type, cls, sizes[i]] as [string, ScreenSizeClass, ImageSize],
    ),
  );
  it.each(rows)('%s on %s → %j', (type, cls, size) => {
    expect(imageSize(type, cls)).toEqual(size);
  });

  it.each(IMAGE_TYPES.map((t) => [t]))('%s never exceeds 1920 wide', (type) => {
    expect(imageSize(type, 'xxl').width).toBeLessThanOrEqual(1920);
  });
});

describe('the image sizes the shop asks for', () => {
  it('lists every box the storefront and the manifest request, and nothing else', () => {
    const sizes = requestedImageSizes();
    for (const type of [...IMAGE_TYPES, 'product'])
      for (const sizeClass of SCREEN_SIZE_CLASSES) {
        const { width, height } = imageRequest(type, sizeClass);
        expect(sizes).toContainEqual({ width, height });
      }
    expect(sizes).toContainEqual({ width: 512, height: 512 });
    // A bounded set: a few dozen boxes, each at most 1920 wide.
    expect(sizes.length).toBeLessThan(40);
    expect(Math.max(...sizes.map((s) => s.width))).toBe(1920);
  });

  it('asks logos to fit a box four times as wide as high', () => {
    expect(imageRequest('header_logo', 'xs')).toEqual({ width: 216, height: 54, fit: 'contain' });
    expect(imageRequest('page_gallery', 'xxl')).toEqual({ width: 720, height: 720 });
  });

  it('snaps other sizes to the next box of the same shape, or refuses the shape', () => {
    expect(snapImageSize(270, 270)).toEqual({ width: 270, height: 270 });
    expect(snapImageSize(271, 271)).toEqual({ width: 360, height: 360 });
    expect(snapImageSize(5000, 5000)).toEqual({ width: 720, height: 720 });
    expect(snapImageSize(1000, 312)).toEqual({ width: 1200, height: 375 });
    expect(snapImageSize(400, 300)).toBeNull();
    expect(snapImageSize(30, undefined)).toEqual({ width: 36 });
    expect(snapImageSize(undefined, 2000)).toEqual({ height: 1080 });
    expect(snapImageSize(undefined, undefined)).toEqual({});
  });
});
