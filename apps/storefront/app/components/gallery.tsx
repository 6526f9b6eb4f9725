import { useState } from 'react';
import type { Image } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { SizedImage } from './sized-image.tsx';

/** The main picture with thumbnails to switch it (buttons: keyboard and screen-reader friendly). */
export function Gallery({ images, title }: { images: Image[]; title: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="aspect-square rounded-lg bg-slate-100" />;
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-lg bg-slate-100">
        <SizedImage
          image={current}
          alt={title}
          className="h-full w-full object-cover"
          priority
          sizes="(max-width: 991px) 100vw, 50vw"
        />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={title}>
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`${t('common.showMore')} ${i + 1}`}
                className={`h-16 w-16 overflow-hidden rounded border-2 ${i === index ? 'border-primary' : 'border-transparent'}`}
              >
                <SizedImage
                  image={{ ...image, imageType: 'icon' }}
                  alt=""
                  className="h-full w-full object-cover"
                  sizes="64px"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
