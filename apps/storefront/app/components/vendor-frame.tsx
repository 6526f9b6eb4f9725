import type { ReactNode } from 'react';
import type { Vendor } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { vendorJsonLd } from '#app/lib/json-ld.ts';
import { vendorLogo } from '#app/lib/vendor-logo.ts';
import { JsonLd, useLdPage } from './json-ld.tsx';
import { AppLink } from './app-link.tsx';
import { RichText } from './rich-text.tsx';
import { SizedImage } from './sized-image.tsx';

export type VendorTab = 'products' | 'blogs' | 'pages';

/**
 * The vendor's frame (spec section 2, vendor screens): breadcrumb, banner and name, the tabs of
 * its products, posts and pages, then the screen itself. On the vendor's own screens the name
 * is the heading; on one of its items (`item`) the item's title is, and the frame shows where
 * it sits: Home / Vendors / vendor / tab / item.
 */
export function VendorFrame({
  vendor,
  tab,
  item,
  children,
}: {
  vendor: Vendor;
  tab: VendorTab;
  /** The title of the product, post or page shown inside the frame. */
  item?: string;
  children: ReactNode;
}) {
  const { locale, t } = useI18n();
  const banner = vendor.images.find((i) => i.imageType === 'banner');
  const logo = vendorLogo(vendor);
  const base = `/${locale}${vendor.slugUri}`;
  const tabs: { key: VendorTab; href: string; label: string }[] = [
    { key: 'products', href: base, label: t('vendors.products') },
    { key: 'blogs', href: `${base}blogs/`, label: t('vendors.blogs') },
    { key: 'pages', href: `${base}pages/`, label: t('vendors.pages') },
  ];
  const current = tabs.find((x) => x.key === tab) ?? tabs[0];
  const Name = item === undefined ? 'h1' : 'p';
  const crumb = 'hover:underline';
  const { origin } = useLdPage();
  return (
    <div>
      {/* The vendor's own screens describe the vendor; an item inside the frame describes itself. */}
      {item === undefined && <JsonLd data={vendorJsonLd(vendor, { origin, url: origin + base })} />}
      <nav aria-label={t('common.breadcrumbs')} className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <AppLink to={`/${locale}/`} className={crumb}>
              {t('nav.home')}
            </AppLink>{' '}
            /
          </li>
          <li>
            <AppLink to={`/${locale}/vendors/`} className={crumb}>
              {t('nav.vendors')}
            </AppLink>{' '}
            /
          </li>
          {item === undefined ? (
            <li aria-current="page">{vendor.title}</li>
          ) : (
            <>
              <li>
                <AppLink to={base} className={crumb}>
                  {vendor.title}
                </AppLink>{' '}
                /
              </li>
              {current && (
                <li>
                  <AppLink to={current.href} className={crumb}>
                    {current.label}
                  </AppLink>{' '}
                  /
                </li>
              )}
              <li aria-current="page">{item}</li>
            </>
          )}
        </ol>
      </nav>
      <section className="relative overflow-hidden rounded-xl bg-slate-100">
        {banner && item === undefined && (
          <SizedImage
            image={banner}
            alt=""
            className="h-40 w-full object-cover sm:h-56"
            priority
            sizes="100vw"
          />
        )}
        <div className="flex items-center gap-4 p-4 sm:p-6">
          {logo && (
            <SizedImage
              image={{ ...logo, imageType: 'icon' }}
              alt=""
              className="h-16 w-16 rounded-full bg-white object-cover"
              sizes="64px"
            />
          )}
          <Name className="text-2xl font-bold sm:text-3xl">
            {item === undefined ? (
              vendor.title
            ) : (
              <AppLink to={base} className="hover:underline">
                {vendor.title}
              </AppLink>
            )}
          </Name>
        </div>
      </section>
      {item === undefined && (
        <RichText html={`<p>${vendor.description}</p>`} className="mt-4 max-w-3xl" />
      )}
      <nav aria-label={vendor.title} className="mt-6 border-b border-slate-200">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((x) => (
            <li key={x.key}>
              <AppLink
                to={x.href}
                aria-current={x.key === tab ? (item === undefined ? 'page' : 'true') : undefined}
                className={`inline-block border-b-2 px-4 py-2 font-medium ${x.key === tab ? 'border-primary text-primary' : 'border-transparent hover:border-slate-300'}`}
              >
                {x.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
