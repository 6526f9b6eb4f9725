import { describe, it, expect } from 'vitest';
import {
  IMAGE_TYPES,
  SCREEN_SIZE_CLASSES,
  imageSize,
  type ImageSize,
  type ScreenSizeClass,
} from './screen.ts';

describe('IMAGE_TYPES — the 12 spec image types', () => {
  it('lists them', () => {
    expect(IMAGE_TYPES).toEqual([
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
    ]);
  });
});

const square = (n: number): ImageSize => ({ width: n, height: n });

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
    [
      'banner',
      [
        { width: 576, height: 180 },
        { width: 768, height: 240 },
        { width: 992, height: 310 },
        { width: 1200, height: 375 },
        { width: 1400, height: 438 },
        { width: 1920, height: 600 },
      ],
    ],
    [
      'slider_background',
      [576, 768, 992, 1200, 1400, 1920].map((w) => ({
        width: w,
        height: Math.round((w * 5) / 16),
      })),
    ],
    [
      'page_title_bg',
      [576, 768, 992, 1200, 1400, 1920].map((w) => ({
        width: w,
        height: Math.round((w * 5) / 16),
      })),
    ],
    [
      'background',
      [
        { width: 576, height: 324 },
        { width: 768, height: 432 },
        { width: 992, height: 558 },
        { width: 1200, height: 675 },
        { width: 1400, height: 788 },
        { width: 1920, height: 1080 },
      ],
    ],
    [
      'maintenance_background',
      [576, 768, 992, 1200, 1400, 1920].map((w) => ({
        width: w,
        height: Math.round((w * 9) / 16),
      })),
    ],
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
