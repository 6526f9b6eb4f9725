import {
  imageRequest,
  imageSize,
  LOGO_IMAGE_TYPES,
  SCREEN_SIZE_CLASSES,
  type ScreenSizeClass,
} from '@shop/domain';
import type { Image } from '@shop/contract';

const BREAKPOINT_WIDTHS: Record<ScreenSizeClass, number> = {
  xs: 575,
  sm: 767,
  md: 991,
  lg: 1199,
  xl: 1399,
  xxl: 1920,
};

/**
 * `/media/…?width=&height=` for the image type and screen-size class (spec section 7): the
 * domain's `imageRequest`, one of the sizes the media server makes (it snaps any other).
 */
export function sizedUrl(
  image: Pick<Image, 'image' | 'imageType'>,
  sizeClass: ScreenSizeClass,
): string {
  const { width, height, fit } = imageRequest(image.imageType, sizeClass);
  const separator = image.image.includes('?') ? '&' : '?';
  return `${image.image}${separator}width=${width}&height=${height}${fit ? `&fit=${fit}` : ''}`;
}

/**
 * An image whose candidates follow the screen-size classes, with intrinsic width and height so
 * the page does not shift when it arrives.
 */
export function SizedImage({
  image,
  alt,
  className,
  sizes,
  priority = false,
}: {
  image: Pick<Image, 'image' | 'imageType'>;
  alt: string;
  className?: string;
  sizes?: string;
  priority?: boolean;
}) {
  const largest = imageSize(image.imageType, 'xxl');
  const logo = LOGO_IMAGE_TYPES.has(image.imageType);
  // A logo's shown width follows from its height; its candidates are told apart by density.
  const srcSet = logo
    ? `${sizedUrl(image, 'xs')} 1x, ${sizedUrl(image, 'lg')} 2x`
    : SCREEN_SIZE_CLASSES.map(
        (c) => `${sizedUrl(image, c)} ${imageSize(image.imageType, c).width}w`,
      ).join(', ');
  return (
    <img
      src={sizedUrl(image, logo ? 'xs' : 'md')}
      srcSet={srcSet}
      {...(logo
        ? {}
        : {
            sizes: sizes ?? `(max-width: ${BREAKPOINT_WIDTHS.md}px) 100vw, ${largest.width}px`,
            width: largest.width,
          })}
      height={logo ? imageSize(image.imageType, 'xs').height : largest.height}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
