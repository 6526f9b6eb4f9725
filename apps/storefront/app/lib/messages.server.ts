import type { Messages } from '@shop/contract';
import english from '@shop/messages/langs/en.json' with { type: 'json' };
import { createTranslator, type Translate } from './i18n.tsx';
import type { ShopRequest } from './shop.server.ts';
import { pageLog } from './logger.server.ts';

const TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; messages: Messages }>();

/**
 * The locale's messages from the API, kept for five minutes per locale (they change with a
 * deploy, not per shopper); on failure the English ones shipped with the storefront, not cached.
 */
export async function loadMessages(shop: ShopRequest): Promise<Messages> {
  const hit = cache.get(shop.locale);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.messages;
  try {
    const messages = await shop.api.core.messages({ params: { locale: shop.locale } });
    cache.set(shop.locale, { at: Date.now(), messages });
    return messages;
  } catch (error) {
    pageLog().error(
      { err: error, locale: shop.locale },
      'messages could not be loaded; using English',
    );
    return english;
  }
}

/** The translator of the request's language, for actions that answer messages. */
export async function shopTranslator(shop: ShopRequest): Promise<Translate> {
  return createTranslator(shop.locale, await loadMessages(shop));
}
