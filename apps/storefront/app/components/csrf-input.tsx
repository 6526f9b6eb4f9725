import { CSRF_FIELD } from '#app/lib/csrf.ts';
import { useLocaleData } from '#app/lib/locale-data.ts';

/** The CSRF token of the page, in every form that posts (checked by `verifyCsrf`). */
export function CsrfInput() {
  const shop = useLocaleData();
  return <input type="hidden" name={CSRF_FIELD} value={shop?.csrfToken ?? ''} />;
}
