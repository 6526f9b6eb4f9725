import { describe, expect, it } from 'vitest';
import type { Image, ImageType } from '@shop/contract';
import { vendorLogo } from './vendor-logo.ts';

const image = (id: number, imageType: ImageType): Image => ({
  id,
  image: `/media/${id}.png`,
  imageType,
  backgroundColor: null,
});

describe('vendorLogo', () => {
  it('takes the icon first', () => {
    expect(vendorLogo({ icons: [image(1, 'icon')], images: [image(2, 'logo')] })?.id).toBe(1);
  });

  it('else the image of type logo, not a banner that comes first', () => {
    expect(vendorLogo({ icons: [], images: [image(3, 'banner'), image(4, 'logo')] })?.id).toBe(4);
  });

  it('is none without an icon or a logo', () => {
    expect(vendorLogo({ icons: [], images: [image(5, 'banner')] })).toBeUndefined();
  });
});
