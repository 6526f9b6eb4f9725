import { useLocation } from 'react-router';
import { jsonLdText, type LdPage } from '#app/lib/json-ld.ts';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { useNonce } from '#app/lib/nonce.tsx';

/** This page's public address (the shop's origin and the path, without the query). */
export function useLdPage(): LdPage {
  const origin = useLocaleData()?.origin ?? '';
  return { origin, url: `${origin}${useLocation().pathname}` };
}

/** A page's schema.org data; it carries the CSP nonce like every inline script (decision 0020). */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
