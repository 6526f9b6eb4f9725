import type { Vendor } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { vendorLogo } from '#app/lib/vendor-logo.ts';
import { AppLink } from './app-link.tsx';
import { SizedImage } from './sized-image.tsx';

/** A vendor in a grid: logo, name and a line of its story; the whole card links. */
export function VendorCard({ vendor, level = 2 }: { vendor: Vendor; level?: 2 | 3 }) {
  const { locale } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  const logo = vendorLogo(vendor);
  return (
    <article className="relative flex h-full items-start gap-4 rounded-lg border border-slate-200 p-4 hover:shadow-md">
      {logo && (
        <SizedImage
          image={{ ...logo, imageType: 'icon' }}
          alt=""
          className="h-16 w-16 shrink-0 rounded-full object-cover"
          sizes="64px"
        />
      )}
      <div className="min-w-0">
        <Heading className="font-bold">
          <AppLink to={`/${locale}${vendor.slugUri}`} className="after:absolute after:inset-0">
            {vendor.title}
          </AppLink>
        </Heading>
        <p className="mt-1 line-clamp-3 text-sm text-slate-700">{vendor.description}</p>
      </div>
    </article>
  );
}
