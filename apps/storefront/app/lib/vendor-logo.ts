import type { Image, Vendor } from '@shop/contract';

/**
 * The picture that stands for a vendor, wherever it is shown (its card in a grid, its own
 * frame): its icon, else its image of type `logo` (spec: image types). Never just its first
 * image, which may be a banner cut into a circle.
 */
export function vendorLogo(vendor: Pick<Vendor, 'icons' | 'images'>): Image | undefined {
  return vendor.icons[0] ?? vendor.images.find((image) => image.imageType === 'logo');
}
