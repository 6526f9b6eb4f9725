import type { Messages } from '@shop/contract';
import english from '@shop/messages/langs/en.json' with { type: 'json' };
import type { ShopRequest } from './shop.server.ts';

/** The locale's messages from the API; on failure the English ones shipped with the storefront. */
export async function loadMessages(shop: ShopRequest): Promise<Messages> {
  try {
    return await shop.api.core.messages();
  } catch (error) {
    console.error(`messages for '${shop.locale}' could not be loaded; using English`, error);
    return english;
  }
}
