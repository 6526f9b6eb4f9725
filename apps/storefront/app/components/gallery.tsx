import { useRef, useState } from 'react';
import type { Image } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { SizedImage } from './sized-image.tsx';

const slideId = (i: number) => `gallery-${i + 1}`;

/**
 * The pictures side by side in a strip that snaps to one at a time (swipe on a phone), with
 * thumbnails to pick one. Thumbnails are links to their picture's anchor, so without JavaScript a
 * click still scrolls the strip to it; with JavaScript the strip scrolls without moving the page.
 */
export function Gallery({ images, title }: { images: Image[]; title: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  if (images.length === 0) return <div className="aspect-square rounded-lg bg-slate-100" />;
  const show = (i: number) => {
    setIndex(i);
    const element = strip.current;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element?.scrollTo({ left: i * element.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
  };
  const several = images.length > 1;
  return (
    <div>
      <div
        ref={strip}
        // Scrollable, so it must be reachable by keyboard (arrow keys scroll it once focused).
        tabIndex={several ? 0 : undefined}
        role={several ? 'group' : undefined}
        aria-label={several ? title : undefined}
        onScroll={(event) => {
          const { scrollLeft, clientWidth } = event.currentTarget;
          const shown = Math.round(scrollLeft / Math.max(1, clientWidth));
          if (shown !== index) setIndex(shown);
        }}
        className="flex aspect-square snap-x snap-mandatory overflow-x-auto overflow-y-hidden rounded-lg bg-slate-100 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {images.map((image, i) => (
          <div key={image.id} id={slideId(i)} className="h-full w-full shrink-0 snap-start">
            <SizedImage
              image={image}
              alt={
                several
                  ? `${title}: ${t('common.picture', { n: i + 1, total: images.length })}`
                  : title
              }
              className="h-full w-full object-cover"
              priority={i === 0}
              sizes="(max-width: 991px) 100vw, 50vw"
            />
          </div>
        ))}
      </div>
      {several && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={title}>
          {images.map((image, i) => (
            <li key={image.id}>
              <a
                href={`#${slideId(i)}`}
                onClick={(event) => {
                  event.preventDefault();
                  show(i);
                }}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t('common.picture', { n: i + 1, total: images.length })}
                className={`block h-16 w-16 overflow-hidden rounded border-2 ${i === index ? 'border-primary' : 'border-transparent'}`}
              >
                <SizedImage
                  image={{ ...image, imageType: 'icon' }}
                  alt=""
                  className="h-full w-full object-cover"
                  sizes="64px"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
